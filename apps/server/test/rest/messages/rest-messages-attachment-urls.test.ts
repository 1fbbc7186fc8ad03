import { createHmac } from "node:crypto";
import {
  ATTACHMENT_URL_VALIDITY_SECONDS,
  type AttachmentSigning,
  ManualClock,
  signedAttachmentUrl,
  withoutQuery,
} from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { type TestServer, useTestServer } from "../../support/harness";
import { fixtures } from "../../support/rest-fixtures";

type Attachment = { id: string; filename: string; url: string; proxy_url: string };
type Wire = {
  id: string;
  channel_id: string;
  attachments: Attachment[];
  embeds: { image?: { url: string }; thumbnail?: { url: string } }[];
};

const NOT_FOUND = { message: "404: Not Found", code: 0 };
const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...crypto.getRandomValues(new Uint8Array(60))]);

/** The server's own signing (its key, public URLs and clock), to craft URLs a test needs. */
const signingOf = (t: TestServer): AttachmentSigning => t.server.ctx.domain.ctx;

/** A bot's multipart send: `payload_json` and `files[n]`. */
async function sendFiles(
  t: TestServer,
  headers: Record<string, string>,
  channel: bigint | string,
  payload: unknown,
  files: { name: string; data: Uint8Array<ArrayBuffer>; type?: string }[],
): Promise<Wire> {
  const form = new FormData();
  form.append("payload_json", JSON.stringify(payload));
  files.forEach((f, i) => form.append(`files[${i}]`, new Blob([f.data], f.type ? { type: f.type } : {}), f.name));
  const res = await fetch(`${t.base}/channels/${channel}/messages`, { method: "POST", headers, body: form });
  expect(res.status).toBe(200);
  return (await res.json()) as Wire;
}

/** A file sent by a person through the domain service the web app uses (where the bot cannot post). */
async function personFile(
  t: TestServer,
  channelId: bigint,
  authorId: bigint,
  filename: string,
  data: Uint8Array<ArrayBuffer>,
) {
  const wire = await t.server.ctx.domain.messages.create(
    channelId,
    authorId,
    { content: "" },
    { files: [{ index: 0, filename, contentType: null, data }] },
  );
  return { message: wire, attachment: wire.attachments[0] as unknown as Attachment };
}

async function expectNotFound(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(404);
  expect(await res.json()).toEqual(NOT_FOUND);
}

/** `url` with one query parameter replaced. */
function withParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

describe("attachment URLs are signed (ex, is, hm) and expire after 24 hours", () => {
  const env = useTestServer();
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `signed-${++n}` })).id;
  const send = (
    channel: bigint | string,
    payload: unknown,
    files: { name: string; data: Uint8Array<ArrayBuffer>; type?: string }[],
  ) => sendFiles(env.t, env.bot.headers, channel, payload, files);

  it("answers the bare path of a real file, without a signature, with 404 code 0", async () => {
    const body = await send(await newChannel(), { content: "f" }, [{ name: "image.png", data: png() }]);
    const bare = withoutQuery(body.attachments[0]?.url as string);
    await expectNotFound(bare);
    await expectNotFound(`${bare}?`);
    // HEAD is no way around it either.
    expect((await fetch(bare, { method: "HEAD" })).status).toBe(404);
  });

  it("answers a guessed filename in a channel hidden from the bot, and in a DM, with 404 code 0", async () => {
    const hidden = await newChannel();
    await fixtures(env.t).hideFromEveryone(hidden, env.world.guild.id);
    const inHidden = await personFile(env.t, hidden, env.world.owner.id, "image.png", png());
    const dm = await env.t.server.ctx.database.prisma.channel.create({
      data: {
        type: 1,
        recipients: { create: [{ userId: env.world.owner.id }, { userId: (await env.t.seed.person()).id }] },
      },
    });
    const inDm = await personFile(env.t, dm.id, env.world.owner.id, "image.png", png());
    const cdn = env.t.server.ctx.urls.cdnUrl;
    for (const [channel, { attachment }] of [
      [hidden, inHidden],
      [dm.id, inDm],
    ] as const) {
      await expectNotFound(`${cdn}/attachments/${channel}/${attachment.id}/image.png`);
      // The signature of the neighbouring id guesses nothing either.
      const neighbour = new URL(
        signedAttachmentUrl(signingOf(env.t), channel, { id: BigInt(attachment.id) - 1n, filename: "image.png" }),
      );
      await expectNotFound(`${cdn}/attachments/${channel}/${attachment.id}/image.png${neighbour.search}`);
      // Only the URL the server signed for someone who could see the message opens it.
      expect((await fetch(attachment.url)).status).toBe(200);
    }
  });

  it("refuses a tampered hm, a changed ex or is, and another file's signature", async () => {
    const body = await send(await newChannel(), { content: "two" }, [
      { name: "a.png", data: png() },
      { name: "b.png", data: png() },
    ]);
    const [a, b] = body.attachments as [Attachment, Attachment];
    const hm = new URL(a.url).searchParams.get("hm") as string;
    const ex = Number.parseInt(new URL(a.url).searchParams.get("ex") as string, 16);
    const is = Number.parseInt(new URL(a.url).searchParams.get("is") as string, 16);
    const flipped = `${hm.slice(0, -1)}${hm.endsWith("0") ? "1" : "0"}`;
    for (const url of [
      withParam(a.url, "hm", flipped),
      withParam(a.url, "hm", hm.slice(0, 32)),
      withParam(a.url, "hm", `${hm}00`),
      withParam(a.url, "hm", "g".repeat(64)),
      withParam(a.url, "ex", (ex + 3600).toString(16)),
      withParam(a.url, "ex", (ex - 1).toString(16)),
      withParam(a.url, "is", (is - 1).toString(16)),
      withParam(a.url, "ex", "zz"),
      `${withoutQuery(a.url)}?ex=${ex.toString(16)}&is=${is.toString(16)}`,
      `${a.url}&hm=${hm}`,
      // b's signature on a's path, and a's signature on b's path.
      `${withoutQuery(a.url)}${new URL(b.url).search}`,
      `${withoutQuery(b.url)}${new URL(a.url).search}`,
      // a's signature on the same file under another channel's path.
      `${withoutQuery(a.url).replace(`/attachments/${body.channel_id}/`, `/attachments/${env.world.text.id}/`)}${new URL(a.url).search}`,
    ]) {
      await expectNotFound(url);
    }
    expect((await fetch(a.url)).status).toBe(200);
    expect((await fetch(b.url)).status).toBe(200);
  });

  it("refuses a correctly signed URL that has expired, or that would live longer than 24 hours", async () => {
    const body = await send(await newChannel(), { content: "old" }, [{ name: "old.png", data: png() }]);
    const file = body.attachments[0] as Attachment;
    const signing = signingOf(env.t);
    const dayAndASecondAgo = new Date(Date.now() - (ATTACHMENT_URL_VALIDITY_SECONDS + 1) * 1000);
    await expectNotFound(
      signedAttachmentUrl({ ...signing, clock: { now: () => dayAndASecondAgo } }, BigInt(body.channel_id), {
        id: BigInt(file.id),
        filename: "old.png",
      }),
    );
    // Signed with the server's key (HMAC-SHA256 over path, ex and is), but for 48 hours: never issued, never served.
    const is = Math.floor(Date.now() / 1000).toString(16);
    const ex = (Math.floor(Date.now() / 1000) + 2 * ATTACHMENT_URL_VALIDITY_SECONDS).toString(16);
    const hm = createHmac("sha256", signing.attachmentSigningKey)
      .update(`attachments/${body.channel_id}/${file.id}/old.png\n${ex}\n${is}`)
      .digest("hex");
    expect((await fetch(`${withoutQuery(file.url)}?ex=${ex}&is=${is}&hm=${hm}`)).status).toBe(404);
    // The same recipe with 24 hours is what the server hands out.
    const exDay = (Number.parseInt(is, 16) + ATTACHMENT_URL_VALIDITY_SECONDS).toString(16);
    const hmDay = createHmac("sha256", signing.attachmentSigningKey)
      .update(`attachments/${body.channel_id}/${file.id}/old.png\n${exDay}\n${is}`)
      .digest("hex");
    expect((await fetch(`${withoutQuery(file.url)}?ex=${exDay}&is=${is}&hm=${hmDay}`)).status).toBe(200);
  });

  it("serves a fresh URL from a REST answer with the bytes, cached privately no longer than the URL lives", async () => {
    const channel = await newChannel();
    const data = png();
    const body = await send(channel, { content: "fresh" }, [{ name: "pic ture.png", data, type: "image/png" }]);
    const file = body.attachments[0] as Attachment;
    expect(file.proxy_url).toBe(file.url);
    const url = new URL(file.url);
    expect(withoutQuery(file.url)).toBe(
      `${env.t.server.ctx.urls.cdnUrl}/attachments/${channel}/${file.id}/pic%20ture.png`,
    );
    expect([...url.searchParams.keys()]).toEqual(["ex", "is", "hm"]);
    const ex = Number.parseInt(url.searchParams.get("ex") as string, 16);
    const is = Number.parseInt(url.searchParams.get("is") as string, 16);
    expect(url.searchParams.get("hm")).toMatch(/^[0-9a-f]{64}$/);
    expect(ex - is).toBe(24 * 60 * 60);
    expect(Math.abs(is - Date.now() / 1000)).toBeLessThan(60);

    const askedAt = Math.floor(Date.now() / 1000);
    const res = await fetch(file.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
    const cache = res.headers.get("cache-control") as string;
    expect(cache).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(cache.split("=")[1]);
    expect(maxAge).toBeGreaterThan(0);
    // The server reads the clock after the request leaves, so never earlier than askedAt.
    expect(maxAge).toBeLessThanOrEqual(ex - askedAt);

    // Each answer signs afresh: a later GET's URL opens the same file.
    const again = (await (await env.bot.get(`/channels/${channel}/messages/${body.id}`)).json()) as Wire;
    expect(withoutQuery(again.attachments[0]?.url as string)).toBe(withoutQuery(file.url));
    expect((await fetch(again.attachments[0]?.url as string)).status).toBe(200);
  });

  it("answers `download` with a Content-Disposition that saves the file under its own name, and shows it inline without", async () => {
    const name = "naïve plan (Ann's v2).txt";
    const body = await send(await newChannel(), { content: "plan" }, [
      { name, data: new TextEncoder().encode("step one") },
    ]);
    const file = body.attachments[0] as Attachment;
    const inline = await fetch(file.url);
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-disposition")).toBeNull();
    for (const flag of ["download", "download=1"]) {
      const res = await fetch(`${file.url}&${flag}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="na_ve plan (Ann's v2).txt"; filename*=UTF-8''na%C3%AFve%20plan%20%28Ann%27s%20v2%29.txt`,
      );
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toBe("step one");
    }
    // The flag opens nothing the signature does not: without a valid one it is still 404 code 0.
    await expectNotFound(`${withoutQuery(file.url)}?download=1`);
    await expectNotFound(`${withParam(file.url, "hm", "0".repeat(64))}&download=1`);
  });

  describe("in gateway events", () => {
    let gateway: RawGatewayClient;
    beforeAll(async () => {
      gateway = await RawGatewayClient.identified(env.t, env.world.token, Intents.GuildMessages);
    });
    afterAll(async () => {
      await gateway?.close();
    });

    it("signs the URLs a MESSAGE_CREATE carries, and they serve the file", async () => {
      const data = png();
      const body = await send(env.world.text.id, { content: "over the gateway" }, [{ name: "event.png", data }]);
      const event = await gateway.dispatch("MESSAGE_CREATE", (d) => d.id === body.id);
      const url = event.d.attachments[0].url as string;
      expect(new URL(url).searchParams.get("hm")).toMatch(/^[0-9a-f]{64}$/);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
    });
  });

  it("signs embeds naming the file (attachment://, or a URL from an earlier answer) afresh, and stores them unsigned", async () => {
    const channel = await newChannel();
    const body = await send(channel, { embeds: [{ title: "chart", image: { url: "attachment://chart.png" } }] }, [
      { name: "chart.png", data: png() },
    ]);
    const file = body.attachments[0] as Attachment;
    expect(body.embeds[0]?.image?.url).toBe(file.url);
    // A bot re-sends the embed it received (discord.js `message.edit({ embeds: message.embeds })`).
    const res = await env.bot.patch(`/channels/${channel}/messages/${body.id}`, {
      embeds: [{ title: "chart", image: { url: file.url }, thumbnail: { url: `${file.url}&x=1` } }],
    });
    expect(res.status).toBe(200);
    const edited = (await res.json()) as Wire;
    expect(edited.embeds[0]?.image?.url).toBe(edited.attachments[0]?.url);
    expect(edited.embeds[0]?.thumbnail?.url).toBe(edited.attachments[0]?.url);
    expect((await fetch(edited.embeds[0]?.image?.url as string)).status).toBe(200);
    const stored = await env.t.server.ctx.database.prisma.message.findUniqueOrThrow({ where: { id: BigInt(body.id) } });
    expect(stored.embeds).toEqual([
      { title: "chart", image: { url: withoutQuery(file.url) }, thumbnail: { url: withoutQuery(file.url) } },
    ]);
  });

  it("leaves another message's file address in an embed unsigned, so no one gets a file signed for them", async () => {
    const hidden = await newChannel();
    await fixtures(env.t).hideFromEveryone(hidden, env.world.guild.id);
    const secret = await personFile(env.t, hidden, env.world.owner.id, "secret.png", png());
    const bare = withoutQuery(secret.attachment.url);
    const channel = await newChannel();
    const body = await send(channel, { embeds: [{ image: { url: bare } }] }, [{ name: "mine.png", data: png() }]);
    expect(body.embeds[0]?.image?.url).toBe(bare);
    await expectNotFound(bare);
  });

  it("stops serving a message's files once the message is deleted", async () => {
    const channel = await newChannel();
    const body = await send(channel, { content: "soon gone" }, [{ name: "gone.png", data: png() }]);
    const url = body.attachments[0]?.url as string;
    expect((await fetch(url)).status).toBe(200);
    expect((await env.bot.delete(`/channels/${channel}/messages/${body.id}`)).status).toBe(204);
    await expectNotFound(url);
  });
});

describe("attachment URLs against the server's clock", () => {
  const clock = new ManualClock(new Date("2026-03-01T10:00:00.000Z"));
  const env = useTestServer({ server: { clock } });

  it("serve a file until 24 hours after issue, with max-age counting down, then answer 404", async () => {
    const body = await sendFiles(env.t, env.bot.headers, env.world.text.id, { content: "ticking" }, [
      { name: "tick.png", data: png() },
    ]);
    const url = body.attachments[0]?.url as string;
    expect(new URL(url).searchParams.get("is")).toBe((Date.parse("2026-03-01T10:00:00.000Z") / 1000).toString(16));
    expect((await fetch(url)).headers.get("cache-control")).toBe("private, max-age=86400");
    clock.advance((ATTACHMENT_URL_VALIDITY_SECONDS - 1) * 1000);
    const last = await fetch(url);
    expect(last.status).toBe(200);
    expect(last.headers.get("cache-control")).toBe("private, max-age=1");
    clock.advance(1000);
    await expectNotFound(url);
    // Whoever can still read the message gets a new URL that works.
    const fresh = (await (await env.bot.get(`/channels/${env.world.text.id}/messages/${body.id}`)).json()) as Wire;
    expect((await fetch(fresh.attachments[0]?.url as string)).status).toBe(200);
  });
});
