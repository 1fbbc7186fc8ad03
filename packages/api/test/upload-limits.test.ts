import { UNUSED_UPLOAD_BYTES_MAX, UNUSED_UPLOADS_MAX } from "@chat/domain";
import { UPLOAD_BYTES_LIMIT, UPLOAD_BYTES_PER_HOUR } from "@chat/rate-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const MB = 1024 * 1024;
const TOO_MUCH = /^You have uploaded too much in the last hour\. Try again in (\d+) minutes?\.$/;
const WAITING = "You have too many files waiting to be sent. Send or remove some first.";

const upload = (userId: bigint, channelId: string, bytes: number, filename = "file.bin") =>
  w
    .caller(userId)
    .uploads.create({ channelId, filename, contentType: null, data: Buffer.alloc(bytes, 7).toString("base64") });
const uploadsOf = (userId: bigint) =>
  w.database.prisma.upload.aggregate({ where: { uploaderId: userId }, _count: true, _sum: { size: true } });
/** What the person uploaded earlier this hour: the budget's counter as their uploads left it. */
const alreadyUploaded = (userId: bigint, bytes: number) =>
  w.rateLimits.consume(UPLOAD_BYTES_LIMIT, userId.toString(), bytes);

async function channelOf(name: string) {
  const me = await w.signUp(name);
  const { guild, firstChannelId } = await w.caller(me).guilds.create({ name: `${name}'s` });
  return { me, guildId: guild.id, channelId: firstChannelId as string };
}

describe("a person's hourly upload budget", () => {
  it("is 250 MB an hour per person", () => {
    expect(UPLOAD_BYTES_PER_HOUR).toBe(250 * MB);
    expect(UPLOAD_BYTES_LIMIT).toMatchObject({ points: UPLOAD_BYTES_PER_HOUR, durationSeconds: 3600, per: "bot" });
  });

  it("refuses an upload past it with TOO_MANY_REQUESTS saying when, before storing anything; a smaller file that fits still goes through", async () => {
    const { me, channelId } = await channelOf("budget_spent");
    await alreadyUploaded(me, UPLOAD_BYTES_PER_HOUR - 3 * MB);
    const refused = await refusal(upload(me, channelId, 4 * MB));
    expect(refused.code).toBe("TOO_MANY_REQUESTS");
    const [, minutes] = refused.message.match(TOO_MUCH) ?? [];
    expect(Number(minutes)).toBeGreaterThanOrEqual(59);
    expect(Number(minutes)).toBeLessThanOrEqual(60);
    expect((await uploadsOf(me))._count).toBe(0);
    // The refused file spent nothing: 3 MB still fit.
    await expect(upload(me, channelId, 2 * MB)).resolves.toMatchObject({ size: 2 * MB });
    await expect(upload(me, channelId, MB)).resolves.toMatchObject({ size: MB });
    expect((await refusal(upload(me, channelId, 1))).message).toMatch(TOO_MUCH);
    expect(await uploadsOf(me)).toMatchObject({ _count: 2, _sum: { size: 3 * MB } });
    // Another person has a budget of their own.
    const other = await channelOf("budget_other");
    await expect(upload(other.me, other.channelId, 4 * MB)).resolves.toMatchObject({ size: 4 * MB });
  });

  it("counts the files a person sends with messages: sending them gives nothing back", async () => {
    const { me, channelId } = await channelOf("budget_sender");
    await alreadyUploaded(me, UPLOAD_BYTES_PER_HOUR - 10 * MB);
    const sixMb = await upload(me, channelId, 6 * MB, "video.bin");
    const sent = await w
      .caller(me)
      .composer.send({ channelId, content: "a video", attachments: [{ uploadId: sixMb.id }] });
    expect(sent.attachments.map((a) => a.size)).toEqual([6 * MB]);
    expect((await uploadsOf(me))._count).toBe(0);
    await expect(upload(me, channelId, 3 * MB)).resolves.toMatchObject({ size: 3 * MB });
    // 6 + 3 + 2 MB is past the 10 MB left, with only one upload waiting.
    const refused = await refusal(upload(me, channelId, 2 * MB));
    expect(refused).toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(TOO_MUCH) });
    // A file for a command's attachment option is uploaded the same way, under the same budget.
    expect((await refusal(upload(me, channelId, 2 * MB, "for-a-command.png"))).message).toMatch(TOO_MUCH);
  });

  it("gives back what a refused upload would have spent (a channel the person cannot see, too many waiting)", async () => {
    const { me, channelId } = await channelOf("budget_refunds");
    const stranger = await channelOf("budget_stranger");
    await alreadyUploaded(me, UPLOAD_BYTES_PER_HOUR - 5 * MB);
    for (let i = 0; i < 3; i++) expect((await refusal(upload(me, stranger.channelId, 4 * MB))).code).toBe("NOT_FOUND");
    const tiny: string[] = [];
    for (let i = 0; i < UNUSED_UPLOADS_MAX; i++) tiny.push((await upload(me, channelId, 10)).id);
    for (let i = 0; i < 3; i++) expect((await refusal(upload(me, channelId, 4 * MB))).message).toBe(WAITING);
    await w.caller(me).uploads.remove({ uploadIds: tiny.slice(0, 1) });
    await expect(upload(me, channelId, 4 * MB)).resolves.toMatchObject({ size: 4 * MB });
  });
});

describe("a person's uploads waiting to be sent", () => {
  it("are at most 20: the 21st is refused with TOO_MANY_REQUESTS before storing it; sending or removing some makes room", async () => {
    expect(UNUSED_UPLOADS_MAX).toBe(20);
    const { me, channelId } = await channelOf("waiting_count");
    const ids: string[] = [];
    for (let i = 0; i < UNUSED_UPLOADS_MAX; i++) ids.push((await upload(me, channelId, 10, `f${i}.txt`)).id);
    const refused = await refusal(upload(me, channelId, 10, "one-too-many.txt"));
    expect(refused).toMatchObject({ code: "TOO_MANY_REQUESTS", message: WAITING });
    expect((await uploadsOf(me))._count).toBe(UNUSED_UPLOADS_MAX);
    expect(await w.database.prisma.upload.count({ where: { uploaderId: me, filename: "one-too-many.txt" } })).toBe(0);

    // Sending three of them makes room for three.
    await w
      .caller(me)
      .composer.send({ channelId, content: "three", attachments: ids.slice(0, 3).map((uploadId) => ({ uploadId })) });
    for (let i = 0; i < 3; i++) await upload(me, channelId, 10, `after-send-${i}.txt`);
    expect((await refusal(upload(me, channelId, 10))).message).toBe(WAITING);
    // Removing one (taken out of the composer) makes room for one; another person's id and a sent one are left alone.
    const other = await channelOf("waiting_neighbour");
    const theirs = await upload(other.me, other.channelId, 10);
    expect(await w.caller(me).uploads.remove({ uploadIds: [ids[3] as string, ids[0] as string, theirs.id] })).toEqual({
      removed: 1,
    });
    expect(await w.database.prisma.upload.count({ where: { id: BigInt(theirs.id) } })).toBe(1);
    await upload(me, channelId, 10, "after-remove.txt");
    expect((await refusal(upload(me, channelId, 10))).message).toBe(WAITING);
  });

  it("are capped exactly under parallel uploads", async () => {
    const { me, channelId } = await channelOf("waiting_parallel");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => upload(me, channelId, 100, `p${i}.txt`)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(UNUSED_UPLOADS_MAX);
    const reasons = outcomes.flatMap((o) => (o.status === "rejected" ? [`${o.reason.code} ${o.reason.message}`] : []));
    expect(new Set(reasons)).toEqual(new Set([`TOO_MANY_REQUESTS ${WAITING}`]));
    expect((await uploadsOf(me))._count).toBe(UNUSED_UPLOADS_MAX);
  });
});

describe("a person flooding uploads (load)", () => {
  it("gets at most 100 MB of files never sent stored, however fast they come", async () => {
    expect(UNUSED_UPLOAD_BYTES_MAX).toBe(100 * MB);
    const { me, channelId } = await channelOf("flood_unsent");
    const started = Date.now();
    // 8 MB files: the bytes are what runs out (12 files), long before the count of 20.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => upload(me, channelId, 8 * MB, `flood-${i}.bin`)),
    );
    const ms = Date.now() - started;
    const stored = await uploadsOf(me);
    const refused = outcomes.flatMap((o) =>
      o.status === "rejected" ? [o.reason as { code: string; message: string }] : [],
    );
    console.info(
      `upload flood, never sent: 20 × 8 MB offered at once, answered in ${ms} ms; ${stored._count} stored (${(stored._sum.size ?? 0) / MB} MB), ${refused.length} refused`,
    );
    expect(stored).toMatchObject({ _count: 12, _sum: { size: 96 * MB } });
    expect(new Set(refused.map((r) => `${r.code} ${r.message}`))).toEqual(new Set([`TOO_MANY_REQUESTS ${WAITING}`]));
    // 4 MB more fits exactly; then not a byte.
    await expect(upload(me, channelId, 4 * MB)).resolves.toMatchObject({ size: 4 * MB });
    expect(await refusal(upload(me, channelId, 1))).toMatchObject({ code: "TOO_MANY_REQUESTS", message: WAITING });
    expect((await uploadsOf(me))._sum.size).toBe(100 * MB);
  });

  it("gets no more than the 250 MB budget stored in the hour when it takes each round of files back to make room", async () => {
    const { me, channelId } = await channelOf("flood_budget");
    // Earlier this hour the person uploaded 150 MB (sent, or taken back): 100 MB of budget is left.
    const earlier = 150 * MB;
    await alreadyUploaded(me, earlier);
    const started = Date.now();
    let stored = 0;
    let offered = 0;
    let refusedWith: { code: string; message: string } | null = null;
    for (let round = 0; round < 10 && !refusedWith; round++) {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) => upload(me, channelId, 5 * MB, `flood-${round}-${i}.bin`)),
      );
      offered += 5 * 5 * MB;
      const made = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      stored += made.reduce((sum, m) => sum + m.size, 0);
      if (made.length > 0) await w.caller(me).uploads.remove({ uploadIds: made.map((m) => m.id) });
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult | undefined;
      refusedWith = refused?.reason ?? null;
    }
    console.info(
      `upload flood, taken back each round: ${offered / MB} MB offered in ${Date.now() - started} ms; ${stored / MB} MB stored, ${(earlier + stored) / MB} MB in the hour with the earlier uploads; then: ${refusedWith?.message}`,
    );
    expect(refusedWith).toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(TOO_MUCH) });
    expect(earlier + stored).toBe(UPLOAD_BYTES_PER_HOUR);
    expect((await uploadsOf(me))._count).toBe(0);
  });
});
