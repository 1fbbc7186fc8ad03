import { Permission } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { fixtures } from "../../support/rest-fixtures";

/**
 * The message routes' limits (spec: Limits): edit 5 per 5 s, delete 5 per second, bulk delete
 * 1 per second, typing 5 per 5 s, each per bot and per channel. (Sending: rest-rate-limits.test.ts.)
 */
describe("message route limits", () => {
  const env = useTestServer({
    world: Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory | Permission.ManageMessages,
  });
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `limits-${++n}` })).id;
  /** Messages written through the domain (the send limit does not pace the set-up). */
  const messages = async (channel: bigint, count: number, authorId = env.world.botUserId) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push((await env.t.server.ctx.domain.messages.create(channel, authorId, { content: `m${i}` })).id);
    return ids;
  };

  async function expectLimited(res: Response, limit: number, windowSeconds: number) {
    expect(res.status).toBe(429);
    expect(res.headers.get("x-ratelimit-scope")).toBe("user");
    expect(res.headers.get("x-ratelimit-limit")).toBe(String(limit));
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    const body = await res.json();
    expect(body).toEqual({
      message: "You are being rate limited.",
      retry_after: expect.any(Number),
      global: false,
      code: 0,
    });
    expect(body.retry_after).toBeLessThanOrEqual(windowSeconds);
  }

  it("edits: the sixth within 5 s answers 429; another channel is unaffected", async () => {
    const [busy, quiet] = [await newChannel(), await newChannel()];
    const [id] = await messages(busy, 1);
    const [other] = await messages(quiet, 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => env.bot.patch(`/channels/${busy}/messages/${id}`, { content: `e${i}` })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    await expectLimited(answers.find((r) => r.status === 429) as Response, 5, 5);
    expect((await env.bot.patch(`/channels/${quiet}/messages/${other}`, { content: "fine" })).status).toBe(200);
  });

  it("deletes: the sixth within a second answers 429; another channel is unaffected", async () => {
    const [busy, quiet] = [await newChannel(), await newChannel()];
    const ids = await messages(busy, 6);
    const [other] = await messages(quiet, 1);
    const answers = await Promise.all(ids.map((id) => env.bot.delete(`/channels/${busy}/messages/${id}`)));
    expect(answers.filter((r) => r.status === 204)).toHaveLength(5);
    await expectLimited(answers.find((r) => r.status === 429) as Response, 5, 1);
    expect((await env.bot.delete(`/channels/${quiet}/messages/${other}`)).status).toBe(204);
  });

  it("bulk deletes: the second within a second answers 429; another channel is unaffected", async () => {
    const [busy, quiet] = [await newChannel(), await newChannel()];
    const ids = await messages(busy, 4);
    const others = await messages(quiet, 2);
    const answers = await Promise.all([
      env.bot.post(`/channels/${busy}/messages/bulk-delete`, { messages: ids.slice(0, 2) }),
      env.bot.post(`/channels/${busy}/messages/bulk-delete`, { messages: ids.slice(2) }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([204, 429]);
    await expectLimited(answers.find((r) => r.status === 429) as Response, 1, 1);
    expect((await env.bot.post(`/channels/${quiet}/messages/bulk-delete`, { messages: others })).status).toBe(204);
  });

  it("typing: the sixth within 5 s answers 429; another channel is unaffected", async () => {
    const [busy, quiet] = [await newChannel(), await newChannel()];
    const answers = await Promise.all(Array.from({ length: 6 }, () => env.bot.post(`/channels/${busy}/typing`)));
    expect(answers.filter((r) => r.status === 204)).toHaveLength(5);
    await expectLimited(answers.find((r) => r.status === 429) as Response, 5, 5);
    expect((await env.bot.post(`/channels/${quiet}/typing`)).status).toBe(204);
  });

  it("gets: the eleventh listing within a second answers 429", async () => {
    const busy = await newChannel();
    const answers = await Promise.all(Array.from({ length: 11 }, () => env.bot.get(`/channels/${busy}/messages`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    await expectLimited(answers.find((r) => r.status === 429) as Response, 10, 1);
  });
});
