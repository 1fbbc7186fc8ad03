import { ApiError, EPHEMERAL_URL_VALIDITY_SECONDS, ManualClock } from "@chat/domain";
import type { APIChatInputApplicationCommandGuildInteraction } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { fixtures } from "../../support/rest-fixtures";
import { expectFieldError } from "../commands/rest-commands-fixtures";
import { type InteractionWorld, interactionWorld } from "./interaction-fixtures";

const NOT_FOUND = { message: "404: Not Found", code: 0 };
const bytes = (n: number) => crypto.getRandomValues(new Uint8Array(n)) as Uint8Array<ArrayBuffer>;

/** `url` with one query parameter replaced. */
function withParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

async function expectNotFound(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(404);
  expect(await res.json()).toEqual(NOT_FOUND);
}

/**
 * Spec: Interaction object, `resolved` (attachments named in it). A person uploads a file for a
 * channel, names its id in an attachment option, and the bot gets it in
 * `data.resolved.attachments` with a signed ephemeral-attachments URL it can download.
 */
describe("attachment command options", () => {
  const env = useTestServer({ world: false });
  let w: InteractionWorld;
  let bot: Awaited<ReturnType<InteractionWorld["connect"]>>;
  let commandId: string;
  beforeAll(async () => {
    w = await interactionWorld(env.t);
    bot = await w.connect();
    commandId = (
      await w.command({
        name: "inspect",
        description: "a file",
        options: [{ type: 11, name: "file", description: "f", required: true }],
      })
    ).id;
  });
  afterAll(() => bot.close());

  const upload = (
    data: Uint8Array<ArrayBuffer>,
    extra: { userId?: bigint; channelId?: bigint; filename?: string; contentType?: string | null } = {},
  ) =>
    w.domain.uploads.create(extra.userId ?? w.member.id, {
      channelId: extra.channelId ?? w.text.id,
      filename: extra.filename ?? "notes.txt",
      contentType: extra.contentType ?? null,
      data,
    });
  const prisma = () => env.t.server.ctx.database.prisma;
  const received = async (id: string) =>
    (await bot.dispatch("INTERACTION_CREATE", (d) => d.id === id)).d as APIChatInputApplicationCommandGuildInteraction;

  const refused = async (value: string, code: string) => {
    const before = await prisma().interaction.count();
    const error = await w.slash(commandId, [{ name: "file", type: 11, value }]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(50035);
    expectFieldError((error as ApiError).errors, "options.0.value");
    expect(JSON.stringify((error as ApiError).errors)).toContain(code);
    expect(await prisma().interaction.count()).toBe(before);
  };

  it("delivers the file in resolved.attachments, at a signed URL the bot downloads byte for byte", async () => {
    const data = bytes(5000);
    const made = await upload(data, { filename: "dir/report 1.csv" });
    expect(made).toEqual({
      id: expect.stringMatching(/^\d+$/),
      filename: "report 1.csv",
      size: 5000,
      content_type: "text/csv; charset=utf-8",
    });
    const { id } = await w.slash(commandId, [{ name: "file", type: 11, value: made.id }]);
    const d = await received(id);
    expect(d.data.options).toEqual([{ name: "file", type: 11, value: made.id }]);
    const attachment = d.data.resolved?.attachments?.[made.id];
    const app = w.app.application.id.toString();
    expect(attachment).toEqual({
      id: made.id,
      filename: "report 1.csv",
      size: 5000,
      content_type: "text/csv; charset=utf-8",
      url: expect.stringMatching(
        new RegExp(
          `/ephemeral-attachments/${app}/${made.id}/report%201\\.csv\\?ex=[0-9a-f]+&is=[0-9a-f]+&hm=[0-9a-f]{64}$`,
        ),
      ),
      proxy_url: attachment?.url,
      ephemeral: true,
    });
    const res = await fetch(attachment?.url as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(data);
  });

  it("refuses an upload used once already (each upload names one command's file)", async () => {
    const made = await upload(bytes(10));
    await w.slash(commandId, [{ name: "file", type: 11, value: made.id }]);
    await refused(made.id, "APPLICATION_COMMAND_OPTION_VALUE_UNKNOWN");
  });

  it("refuses someone else's upload, another channel's, an expired one and an unknown id as unknown", async () => {
    const others = await upload(bytes(10), { userId: w.owner.id });
    await refused(others.id, "APPLICATION_COMMAND_OPTION_VALUE_UNKNOWN");
    const elsewhere = await upload(bytes(10), { channelId: w.voice.id });
    await refused(elsewhere.id, "APPLICATION_COMMAND_OPTION_VALUE_UNKNOWN");
    const old = await upload(bytes(10));
    await prisma()
      .$executeRaw`UPDATE "Upload" SET "createdAt" = clock_timestamp() - interval '61 minutes' WHERE "id" = ${BigInt(old.id)}`;
    await refused(old.id, "APPLICATION_COMMAND_OPTION_VALUE_UNKNOWN");
    await refused("424242424242", "APPLICATION_COMMAND_OPTION_VALUE_UNKNOWN");
    await refused("not-an-id", "BASE_TYPE_INVALID");
    // None of them was marked used by the refusals: the person's own fresh one still works.
    expect(
      await prisma().upload.count({
        where: { usedAt: { not: null }, id: { in: [BigInt(others.id), BigInt(elsewhere.id)] } },
      }),
    ).toBe(0);
  });

  it("refuses a file over the interaction's attachment_size_limit", async () => {
    const row = await prisma().upload.create({
      data: {
        uploaderId: w.member.id,
        channelId: w.text.id,
        filename: "big.bin",
        size: 25 * 1024 * 1024 + 1,
        data: bytes(1),
      },
    });
    await refused(row.id.toString(), "BASE_TYPE_MAX_FILE_SIZE");
  });

  it("refuses uploads over 25 MB (40005), to a channel the person cannot see (10003), and writes nothing", async () => {
    const before = await prisma().upload.count();
    await expect(upload(new Uint8Array(25 * 1024 * 1024 + 1))).rejects.toMatchObject({ code: 40005, status: 413 });
    const f = fixtures(env.t);
    const secret = await f.channel(w.guild.id, { name: "secret-uploads" });
    await f.hideFromEveryone(secret.id, w.guild.id);
    await expect(upload(bytes(3), { channelId: secret.id })).rejects.toMatchObject({ code: 10003 });
    expect(await prisma().upload.count()).toBe(before);
  });

  it("answers a tampered, unsigned or other application's ephemeral URL with 404 code 0", async () => {
    const made = await upload(bytes(64), { filename: "a.png" });
    const { id } = await w.slash(commandId, [{ name: "file", type: 11, value: made.id }]);
    const url = (await received(id)).data.resolved?.attachments?.[made.id]?.url as string;
    expect((await fetch(url)).status).toBe(200);
    await expectNotFound(withParam(url, "hm", "0".repeat(64)));
    await expectNotFound(url.split("?")[0] as string);
    await expectNotFound(url.replace("/a.png?", "/b.png?"));
    await expectNotFound(url.replace(`/${w.app.application.id}/`, "/1234/"));
    const ex = new URL(url).searchParams.get("ex") as string;
    await expectNotFound(withParam(url, "ex", (Number.parseInt(ex, 16) + 1).toString(16)));
  });

  it("housekeeping forgets unused uploads after an hour and used ones after the interaction and the URL's hour", async () => {
    const fresh = await upload(bytes(5));
    const stale = await upload(bytes(5));
    const used = await upload(bytes(5));
    await prisma()
      .$executeRaw`UPDATE "Upload" SET "createdAt" = clock_timestamp() - interval '61 minutes' WHERE "id" = ${BigInt(stale.id)}`;
    await prisma()
      .$executeRaw`UPDATE "Upload" SET "usedAt" = clock_timestamp() - interval '76 minutes' WHERE "id" = ${BigInt(used.id)}`;
    await w.domain.housekeeping.run();
    const left = await prisma().upload.findMany({
      where: { id: { in: [fresh, stale, used].map((u) => BigInt(u.id)) } },
      select: { id: true },
    });
    expect(left.map((r) => r.id.toString())).toEqual([fresh.id]);
  });
});

describe("ephemeral attachment URLs against the server's clock", () => {
  const clock = new ManualClock(new Date("2026-03-01T10:00:00.000Z"));
  const env = useTestServer({ server: { clock }, world: false });

  it("serve the file for an hour after the interaction, then answer 404", async () => {
    const w = await interactionWorld(env.t);
    const bot = await w.connect();
    try {
      const command = await w.command({
        name: "keep",
        description: "a file",
        options: [{ type: 11, name: "file", description: "f" }],
      });
      const made = await w.domain.uploads.create(w.member.id, {
        channelId: w.text.id,
        filename: "x.bin",
        contentType: null,
        data: bytes(8),
      });
      const { id } = await w.slash(command.id, [{ name: "file", type: 11, value: made.id }]);
      const url = (await bot.dispatch("INTERACTION_CREATE", (d) => d.id === id)).d.data.resolved.attachments[made.id]
        .url as string;
      clock.advance((EPHEMERAL_URL_VALIDITY_SECONDS - 1) * 1000);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, max-age=1");
      clock.advance(1000);
      await expectNotFound(url);
    } finally {
      bot.close();
    }
  });
});
