import { randomBytes } from "node:crypto";
import { signedAttachmentUrl, withoutQuery } from "@chat/domain";
import { AttachmentBuilder, Client, Routes, type TextChannel } from "discord.js";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { fixtures } from "../../support/rest-fixtures";

type Attachment = {
  id: string;
  filename: string;
  description?: string;
  content_type?: string;
  size: number;
  url: string;
  proxy_url: string;
};
type Wire = {
  id: string;
  content: string;
  attachments: Attachment[];
  embeds: { image?: { url: string }; thumbnail?: { url: string } }[];
  edited_timestamp: string | null;
};

/** Random bytes on a plain ArrayBuffer (what Blob takes). */
const random = (size: number) => new Uint8Array(randomBytes(size));

interface FilePart {
  field?: string;
  name: string;
  data: Uint8Array<ArrayBuffer>;
  type?: string;
}

describe("message files (multipart) and their attachment URLs", () => {
  const env = useTestServer();
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `files-${++n}` })).id;

  /** A multipart request as bots send it: `payload_json` and files as `files[n]`. */
  const multipart = (method: "POST" | "PATCH", path: string, payload: unknown, files: FilePart[]) => {
    const form = new FormData();
    if (payload !== undefined)
      form.append("payload_json", typeof payload === "string" ? payload : JSON.stringify(payload));
    files.forEach((f, i) => {
      form.append(f.field ?? `files[${i}]`, new Blob([f.data], f.type ? { type: f.type } : {}), f.name);
    });
    return fetch(`${env.t.base}${path}`, { method, headers: env.bot.headers, body: form });
  };
  const upload = async (channel: bigint, payload: unknown, files: FilePart[]) => {
    const res = await multipart("POST", `/channels/${channel}/messages`, payload, files);
    const body = await res.json();
    if (res.status === 200) expect(validateResponse("post", "/channels/{channel_id}/messages", 200, body)).toEqual([]);
    return { status: res.status, body: body as Wire & { code?: number } };
  };
  const download = async (url: string) => {
    const res = await fetch(url);
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  };

  it("stores the files as sent, names and describes them from `attachments`, and serves them back byte for byte", async () => {
    const channel = await newChannel();
    const png = random(200_000);
    const text = new TextEncoder().encode("hello, file\n");
    const { status, body } = await upload(
      channel,
      { content: "two files", attachments: [{ id: 1, filename: "renamed.txt", description: "a text file" }] },
      [
        { name: "picture.png", data: png, type: "image/png" },
        { name: "original.txt", data: text },
      ],
    );
    expect(status).toBe(200);
    expect(body.attachments).toHaveLength(2);
    const [first, second] = body.attachments as [Attachment, Attachment];
    expect(first).toMatchObject({ filename: "picture.png", size: png.length, content_type: "image/png" });
    expect(first).not.toHaveProperty("description");
    expect(second).toMatchObject({
      filename: "renamed.txt",
      description: "a text file",
      size: text.length,
      content_type: "text/plain; charset=utf-8",
    });
    expect(withoutQuery(first.url)).toBe(
      `${env.t.server.ctx.urls.cdnUrl}/attachments/${channel}/${first.id}/picture.png`,
    );

    const a = await download(first.url);
    expect(a).toMatchObject({ status: 200, type: "image/png" });
    expect(Buffer.from(a.bytes).equals(Buffer.from(png))).toBe(true);
    const b = await download(second.url);
    expect(b.type).toBe("text/plain; charset=utf-8");
    expect(new TextDecoder().decode(b.bytes)).toBe("hello, file\n");

    // And the stored message lists them the same way (their URLs signed afresh).
    const stored = (await (await env.bot.get(`/channels/${channel}/messages/${body.id}`)).json()) as Wire;
    const unsigned = (list: Attachment[]) =>
      list.map((a) => ({ ...a, url: withoutQuery(a.url), proxy_url: withoutQuery(a.proxy_url) }));
    expect(unsigned(stored.attachments)).toEqual(unsigned(body.attachments));
  });

  it("answers 404 code 0 for an unknown attachment, a wrong filename or channel, and malformed ids, even correctly signed", async () => {
    const channel = await newChannel();
    const { body } = await upload(channel, { content: "f" }, [{ name: "a.bin", data: random(10) }]);
    const att = body.attachments[0] as Attachment;
    const cdn = env.t.server.ctx.urls.cdnUrl;
    // Signed with the server's own key, so only the path's mismatch is refused.
    const signed = (channelId: bigint, id: bigint, filename: string) =>
      signedAttachmentUrl(env.t.server.ctx.domain.ctx, channelId, { id, filename });
    const validQuery = new URL(att.url).search;
    for (const url of [
      signed(channel, BigInt(att.id), "other.bin"),
      signed(channel, 99999999n, "a.bin"),
      signed(env.world.text.id, BigInt(att.id), "a.bin"),
      `${cdn}/attachments/x/${att.id}/a.bin${validQuery}`,
      `${cdn}/attachments/${channel}/0${att.id}/a.bin${validQuery}`,
    ]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ message: "404: Not Found", code: 0 });
    }
    // Type unknown from the name and not declared: served as octet-stream.
    expect((await download(att.url)).type).toBe("application/octet-stream");
  });

  it("sends a message of files only, and one with files under other field names", async () => {
    const channel = await newChannel();
    const only = await upload(channel, undefined, [
      { field: "file", name: "only.txt", data: new TextEncoder().encode("x") },
    ]);
    expect(only.status).toBe(200);
    expect(only.body).toMatchObject({ content: "", attachments: [{ filename: "only.txt" }] });
    const form = await upload(channel, { content: "with json" }, [
      { name: "dir/../../evil name.txt", data: new TextEncoder().encode("y") },
    ]);
    expect(form.body.attachments[0]?.filename).toBe("evil name.txt");
    expect((await download(form.body.attachments[0]?.url as string)).status).toBe(200);
  });

  it("drops a declared content type that is no media type (NUL, control characters): the name's type, else none", async () => {
    const channel = await newChannel();
    const boundary = "b0undary";
    const part = (field: string, name: string, type: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\nbytes\r\n`;
    const body = `${part("files[0]", "notes.txt", "a/b\u0000")}${part("files[1]", "raw", "a/b\u0000")}${part("files[2]", "ctl", "\u0001")}--${boundary}--\r\n`;
    const res = await fetch(`${env.t.base}/channels/${channel}/messages`, {
      method: "POST",
      headers: { ...env.bot.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(200);
    const [notes, raw, ctl] = ((await res.json()) as Wire).attachments as [Attachment, Attachment, Attachment];
    expect(notes.content_type).toBe("text/plain; charset=utf-8");
    expect(raw).not.toHaveProperty("content_type");
    expect(ctl).not.toHaveProperty("content_type");
  });

  it("resolves attachment://<filename> in embeds to the uploaded file's URL", async () => {
    const channel = await newChannel();
    const { status, body } = await upload(
      channel,
      {
        embeds: [
          { title: "pic", image: { url: "attachment://chart.png" }, thumbnail: { url: "attachment://missing.png" } },
        ],
      },
      [{ name: "chart.png", data: random(64), type: "image/png" }],
    );
    expect(status).toBe(200);
    const att = body.attachments[0] as Attachment;
    expect(body.embeds[0]?.image?.url).toBe(att.url);
    expect(body.embeds[0]?.thumbnail?.url).toBe("attachment://missing.png");
    const stored = (await (await env.bot.get(`/channels/${channel}/messages/${body.id}`)).json()) as Wire;
    expect(stored.embeds[0]?.image?.url).toBe(stored.attachments[0]?.url);
  });

  it("refuses more than 10 files with 40005 (HTTP 413) and stores nothing", async () => {
    const channel = await newChannel();
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: new TextEncoder().encode(`${i}`) }));
    const res = await upload(channel, { content: "too many" }, files);
    expect(res).toMatchObject({ status: 413, body: { code: 40005 } });
    expect(await env.t.server.ctx.database.prisma.message.count({ where: { channelId: channel } })).toBe(0);
    const ten = await upload(channel, { content: "ten" }, files.slice(0, 10));
    expect(ten.status).toBe(200);
    expect(ten.body.attachments).toHaveLength(10);
  });

  it("refuses files over 25 MB together with 40005, though each is under", async () => {
    const channel = await newChannel();
    const half = new Uint8Array(13 * 1024 * 1024);
    const res = await upload(channel, { content: "big" }, [
      { name: "a.bin", data: half },
      { name: "b.bin", data: half },
    ]);
    expect(res).toMatchObject({ status: 413, body: { code: 40005 } });
    expect(await env.t.server.ctx.database.prisma.message.count({ where: { channelId: channel } })).toBe(0);
  }, 30_000);

  it("limits JSON to 1 MB, as a body and as payload_json (40005), and refuses payload_json that is not JSON (50109)", async () => {
    const channel = await newChannel();
    const big = { content: "x", embeds: [{ description: "y".repeat(1024 * 1024) }] };
    const json = await env.bot.post(`/channels/${channel}/messages`, big);
    expect(json.status).toBe(413);
    expect(await json.json()).toMatchObject({ code: 40005 });
    const field = await upload(channel, big, [{ name: "a.txt", data: new TextEncoder().encode("a") }]);
    expect(field).toMatchObject({ status: 413, body: { code: 40005 } });
    const broken = await upload(channel, "{not json", []);
    expect(broken).toMatchObject({ status: 400, body: { code: 50109 } });
  });

  it("edits attachments: listed ones are kept, unlisted removed, new files added", async () => {
    const channel = await newChannel();
    const { body } = await upload(channel, { content: "three" }, [
      { name: "keep.txt", data: new TextEncoder().encode("keep") },
      { name: "drop.txt", data: new TextEncoder().encode("drop") },
    ]);
    const [keep, drop] = body.attachments as [Attachment, Attachment];
    const res = await multipart(
      "PATCH",
      `/channels/${channel}/messages/${body.id}`,
      {
        attachments: [{ id: keep.id }, { id: 0, description: "new one" }],
        embeds: [{ image: { url: "attachment://new.png" } }],
      },
      [{ name: "new.png", data: random(32), type: "image/png" }],
    );
    expect(res.status).toBe(200);
    const edited = (await res.json()) as Wire;
    expect(validateResponse("patch", "/channels/{channel_id}/messages/{message_id}", 200, edited)).toEqual([]);
    expect(edited.attachments.map((a) => [a.filename, a.description])).toEqual([
      ["keep.txt", undefined],
      ["new.png", "new one"],
    ]);
    expect(edited.attachments[0]?.id).toBe(keep.id);
    expect(edited.embeds[0]?.image?.url).toBe(edited.attachments[1]?.url);
    expect(edited.edited_timestamp).not.toBeNull();
    expect((await download(drop.url)).status).toBe(404);
    expect((await download(keep.url)).status).toBe(200);

    // Without `attachments`, the files stay; an empty list removes them all.
    const kept = await env.bot.patch(`/channels/${channel}/messages/${body.id}`, { content: "still" });
    expect(((await kept.json()) as Wire).attachments).toHaveLength(2);
    const cleared = await env.bot.patch(`/channels/${channel}/messages/${body.id}`, { attachments: [] });
    expect(((await cleared.json()) as Wire).attachments).toEqual([]);
  });

  it("works with discord.js AttachmentBuilder", async () => {
    const channelId = await newChannel();
    const client = new Client({ intents: [], rest: { api: env.t.api, version: "10" } });
    client.rest.setToken(env.world.token);
    try {
      await client.guilds.fetch(env.world.guild.id.toString());
      const channel = (await client.channels.fetch(channelId.toString())) as TextChannel;
      const bytes = randomBytes(5000);
      const sent = await channel.send({
        content: "from discord.js",
        files: [new AttachmentBuilder(bytes, { name: "report.bin", description: "the report" })],
      });
      const attachment = sent.attachments.first();
      expect(attachment).toMatchObject({ name: "report.bin", description: "the report", size: 5000 });
      const fetched = await download(attachment?.url as string);
      expect(Buffer.from(fetched.bytes).equals(bytes)).toBe(true);
      // @discordjs/rest edits as discord.js does: the attachments to keep plus the new files.
      const route = Routes.channelMessage(channelId.toString(), sent.id);
      const edited = (await client.rest.patch(route, {
        body: { content: "edited", attachments: [{ id: attachment?.id }, { id: 0 }] },
        files: [{ name: "second.txt", data: Buffer.from("second") }],
      })) as Wire;
      expect(edited.attachments.map((a) => a.filename)).toEqual(["report.bin", "second.txt"]);
      const replaced = (await client.rest.patch(route, {
        body: { attachments: [{ id: 0 }] },
        files: [{ name: "third.txt", data: Buffer.from("third") }],
      })) as Wire;
      expect(replaced.attachments.map((a) => a.filename)).toEqual(["third.txt"]);
    } finally {
      await client.destroy();
    }
  });
});
