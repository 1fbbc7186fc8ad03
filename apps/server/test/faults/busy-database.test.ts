import { randomBytes } from "node:crypto";
import { createPrismaClient } from "@chat/db";
import { AuditLogEvent, Permission } from "@chat/domain";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { installErrorHandling } from "../../src/http/errors";
import { useTestServer } from "../support/harness";
import { fixtures } from "../support/rest-fixtures";
import { storageMode } from "../support/test-server";

const PERMISSIONS =
  Permission.ViewChannel |
  Permission.SendMessages |
  Permission.ReadMessageHistory |
  Permission.AttachFiles |
  Permission.PinMessages;
const FILE_BYTES = 12 * 1024 * 1024;
/** Two senders, three 24 MB messages each, one after the other: the database always has a large statement to run or waiting. */
const SENDERS = 2;
const SENDS_EACH = 3;
/** Pinners pin and unpin, each its own messages and one shared with the next, until every send is answered. */
const PINNERS = 4;
const PIN_TARGETS = PINNERS * 2;
const CHANNEL_PINNED_MESSAGE = 6;

/**
 * The embedded database runs one statement at a time: a transaction waits for its one session
 * behind every large statement. Busy as it is, nothing is answered 5xx (a wait that runs out is
 * a 503 with the spec's body, and none may run out here), and nothing is left half-written.
 */
describe(`a busy database (${storageMode})`, () => {
  const env = useTestServer({ server: { rateLimits: false }, world: PERMISSIONS });

  it("pins and unpins while 24 MB messages are sent: every request is answered without a 5xx, each message keeps all its files, each pin its notice", async () => {
    const db = env.t.server.ctx.database.prisma;
    const channel = (await fixtures(env.t).channel(env.world.guild.id, { name: "busy" })).id;
    const targets: bigint[] = [];
    for (let i = 0; i < PIN_TARGETS; i++)
      targets.push(BigInt((await fixtures(env.t).personMessage(channel, env.world.owner.id, `pin target ${i}`)).id));

    const failures: string[] = [];
    const answered = async (what: string, response: Promise<Response>): Promise<number> => {
      const res = await response;
      const body = await res.text();
      if (res.status >= 500) failures.push(`${what}: ${res.status} ${body}`);
      return res.status;
    };
    const send = (content: string) => {
      const form = new FormData();
      form.append("payload_json", JSON.stringify({ content }));
      form.append("files[0]", new Blob([new Uint8Array(randomBytes(FILE_BYTES))]), "first.bin");
      form.append("files[1]", new Blob([new Uint8Array(randomBytes(FILE_BYTES))]), "second.bin");
      return answered(
        `send ${content}`,
        fetch(`${env.t.base}/channels/${channel}/messages`, { method: "POST", headers: env.bot.headers, body: form }),
      );
    };

    let sending = true;
    const sendStatuses: number[] = [];
    const senders = Promise.all(
      Array.from({ length: SENDERS }, async (_, s) => {
        for (let i = 0; i < SENDS_EACH; i++) sendStatuses.push(await send(`big ${s}.${i}`));
      }),
    ).finally(() => {
      sending = false;
    });
    let pinRequests = 0;
    const pinners = Array.from({ length: PINNERS }, async (_, p) => {
      for (let i = 0; sending; i++) {
        const target = targets[(p * 2 + (i % 3)) % PIN_TARGETS];
        await answered(`pin ${target}`, env.bot.put(`/channels/${channel}/pins/${target}`));
        await answered(`unpin ${target}`, env.bot.delete(`/channels/${channel}/pins/${target}`));
        pinRequests += 2;
      }
    });
    await Promise.all([senders, ...pinners]);

    expect(failures).toEqual([]);
    expect(sendStatuses).toEqual(Array(SENDERS * SENDS_EACH).fill(200));
    expect(pinRequests).toBeGreaterThan(0);

    // Every message sent has both files, whole and in order; the channel counted each message once.
    const files = await db.$queryRaw<
      { content: string; filename: string; position: number; size: number; bytes: number }[]
    >`
      SELECT m.content, a.filename, a.position, a.size, octet_length(a.data) AS bytes
      FROM "Message" m JOIN "Attachment" a ON a."messageId" = m.id WHERE m."channelId" = ${channel} ORDER BY m.content, a.position`;
    const sent = Array.from(
      { length: SENDERS * SENDS_EACH },
      (_, n) => `big ${Math.floor(n / SENDS_EACH)}.${n % SENDS_EACH}`,
    ).sort();
    expect(files).toEqual(
      sent.flatMap((content) => [
        { content, filename: "first.bin", position: 0, size: FILE_BYTES, bytes: FILE_BYTES },
        { content, filename: "second.bin", position: 1, size: FILE_BYTES, bytes: FILE_BYTES },
      ]),
    );
    const stored = await db.message.count({ where: { channelId: channel } });
    expect((await db.channel.findUniqueOrThrow({ where: { id: channel } })).messageCount).toBe(stored);

    // Each pin that changed something wrote its audit entry and its notice together; the flag is what the pins and unpins left.
    const audits = await db.auditLogEntry.findMany({
      where: {
        guildId: env.world.guild.id,
        actionType: { in: [AuditLogEvent.MessagePin, AuditLogEvent.MessageUnpin] },
      },
    });
    const notices = await db.message.findMany({
      where: { channelId: channel, type: CHANNEL_PINNED_MESSAGE },
      select: { referenceMessageId: true },
    });
    const pinnedNow = await db.message.findMany({ where: { id: { in: targets } }, select: { id: true, pinned: true } });
    const auditsOf = (target: bigint, action: number) =>
      audits.filter(
        (a) => a.actionType === action && (a.options as { message_id: string }).message_id === target.toString(),
      ).length;
    const summary = targets.map((target) => ({
      target,
      pins: auditsOf(target, AuditLogEvent.MessagePin),
      notices: notices.filter((n) => n.referenceMessageId === target).length,
      pinned: pinnedNow.find((m) => m.id === target)?.pinned,
    }));
    expect(summary.reduce((sum, s) => sum + s.pins, 0)).toBeGreaterThan(0);
    expect(summary).toEqual(
      targets.map((target, i) => {
        const pins = summary[i]?.pins ?? 0;
        return { target, pins, notices: pins, pinned: pins - auditsOf(target, AuditLogEvent.MessageUnpin) === 1 };
      }),
    );
  }, 120_000);

  it("a transaction that cannot start in time is answered 503 in the spec's shape, saying the database is busy, not 500", async () => {
    // One connection, held by a transaction: the next one waits for it longer than it may.
    const db = createPrismaClient(env.t.server.ctx.database.url, 1);
    const app = Fastify();
    installErrorHandling(app);
    try {
      const holding = db.$transaction(async (tx) => tx.$queryRaw`SELECT 1 AS held FROM pg_sleep(1)`);
      const error = await db
        .$transaction(async (tx) => tx.$queryRaw`SELECT 1`, { maxWait: 100 })
        .then(
          () => new Error("expected the transaction not to start"),
          (e: unknown) => e,
        );
      await holding;
      expect(error).toMatchObject({ code: "P2028" });
      app.get("/busy", async () => {
        throw error;
      });
      const res = await app.inject({ method: "GET", url: "/busy" });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 503,
        body: { message: "The database is busy; try again shortly.", code: 0 },
      });
    } finally {
      await app.close();
      await db.$disconnect();
    }
  });
});
