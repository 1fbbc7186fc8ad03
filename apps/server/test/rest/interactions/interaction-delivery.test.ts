import { INTERACTION_UPDATE } from "@chat/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RawGatewayClient, waitFor } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { buttons, interactionWorld, PersonEvents } from "./interaction-fixtures";

/** (guild_id >> 22) % count: which shard holds a guild (spec: Sharding). */
const shardOf = (id: bigint, count: number) => Number((id >> 22n) % BigInt(count));

describe("INTERACTION_CREATE delivery (spec: delivered to one session of the bot, the guild's shard)", () => {
  const env = useTestServer({ world: false });
  let events: PersonEvents;
  beforeAll(() => {
    events = new PersonEvents(env.t.server.ctx.bus);
  });
  afterAll(() => events.close());

  /** Waits until every frame dispatched so far has surely arrived: a message the bot sees, echoed. */
  const barrier = async (
    w: Awaited<ReturnType<typeof interactionWorld>>,
    clients: RawGatewayClient[],
    label: string,
  ) => {
    await w.domain.messages.create(w.text.id, w.owner.id, { content: label });
    for (const client of clients) await client.dispatch("MESSAGE_CREATE", (d) => d.content === label);
  };

  it("reaches exactly one of the bot's sessions, with no intent held", async () => {
    const w = await interactionWorld(env.t);
    const command = await w.command({ name: "ping", description: "ping" });
    const [a, b] = [await w.connect({}, 0), await w.connect({}, 0)];
    const { id } = await w.slash(command.id);
    const watcher = await w.connect({}, 1 << 9);
    await barrier(w, [watcher], "after the interaction");
    await waitFor(() => [a, b].some((c) => c.frames.some((f) => f.t === "INTERACTION_CREATE")));
    await new Promise((r) => setTimeout(r, 200));
    const receivers = [a, b].filter((c) => c.frames.some((f) => f.t === "INTERACTION_CREATE" && f.d.id === id));
    expect(receivers).toHaveLength(1);
    expect((await w.row(id)).sessionId).toBe(receivers[0]!.sessionId);
    for (const c of [a, b, watcher]) await c.close();
  });

  it("goes to the session whose shard holds the guild, never to another shard's", async () => {
    const prisma = env.t.server.ctx.database.prisma;
    // Ids past 3 << 22: the guild lands on shard 1 of 2.
    await prisma.$executeRawUnsafe(`SELECT setval('global_id_seq', GREATEST(nextval('global_id_seq'), ${3 << 22}))`);
    const w = await interactionWorld(env.t);
    expect(shardOf(w.guild.id, 2)).toBe(1);
    const command = await w.command({ name: "ping", description: "ping" });
    const zero = await w.connect({ shard: [0, 2] });
    const one = await w.connect({ shard: [1, 2] });
    for (let i = 0; i < 3; i++) {
      const { id } = await w.slash(command.id);
      await one.dispatch("INTERACTION_CREATE", (d) => d.id === id);
    }
    await barrier(w, [one], "after three");
    expect(zero.frames.filter((f) => f.t === "INTERACTION_CREATE")).toEqual([]);
    await zero.close();
    await one.close();
  });

  it("sends later clicks on the same message to the session that got the first one", async () => {
    const w = await interactionWorld(env.t);
    const message = await w.botMessage({ content: "click", components: [buttons("again")] });
    const sessions = [await w.connect(), await w.connect(), await w.connect()];
    const first = await w.click(message.id, "again");
    await Promise.any(sessions.map((s) => s.dispatch("INTERACTION_CREATE", (d) => d.id === first.id)));
    const chosen = (await w.row(first.id)).sessionId;
    expect(chosen).not.toBeNull();
    for (let i = 0; i < 4; i++) {
      const { id } = await w.click(message.id, "again");
      const receiver = sessions.find((s) => s.sessionId === chosen)!;
      await receiver.dispatch("INTERACTION_CREATE", (d) => d.id === id);
      expect((await w.row(id)).sessionId).toBe(chosen);
    }
    // Once that session is gone, another one takes the clicks.
    await sessions.find((s) => s.sessionId === chosen)!.close();
    await waitFor(() => env.t.server.gateway.sessions.get(chosen!) === undefined);
    const after = await w.click(message.id, "again");
    const others = sessions.filter((s) => s.sessionId !== chosen);
    await Promise.any(others.map((s) => s.dispatch("INTERACTION_CREATE", (d) => d.id === after.id)));
    for (const s of others) await s.close();
  });

  it("fails at once when the bot has no connected session: the person's tab hears status failed", async () => {
    const w = await interactionWorld(env.t);
    const command = await w.command({ name: "ping", description: "ping" });
    const started = Date.now();
    const { id } = await w.slash(command.id, [], { tabId: "tab-1" });
    const failed = await events.status(id, "failed");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(failed).toMatchObject({
      t: INTERACTION_UPDATE,
      d: { id, channel_id: w.text.id.toString(), status: "failed" },
      personId: w.member.id.toString(),
      tabId: "tab-1",
    });
    expect((await w.row(id)).state).toBe("gone");
  });

  it("fails at once when the bot's only session is waiting for a resume (not connected)", async () => {
    const w = await interactionWorld(env.t);
    const command = await w.command({ name: "ping", description: "ping" });
    const client = await w.connect();
    client.terminate();
    await waitFor(() => env.t.server.gateway.sessions.get(client.sessionId)?.attached === false);
    const { id } = await w.slash(command.id);
    await events.status(id, "failed");
  });

  it("fails after 3 seconds without an answer, told once to every tab of the person when no tab was named", async () => {
    const w = await interactionWorld(env.t);
    const command = await w.command({ name: "ping", description: "ping" });
    const client = await w.connect();
    const started = Date.now();
    const { id } = await w.slash(command.id);
    await client.dispatch("INTERACTION_CREATE", (d) => d.id === id);
    const failed = await events.status(id, "failed", 6_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect(failed.tabId).toBeUndefined();
    expect(events.updatesOf(id)).toHaveLength(1);
    expect((await w.row(id)).state).toBe("gone");
    await client.close();
  });

  it("keeps INTERACTION_CREATE in the session's replay buffer: a Resume replays it", async () => {
    const w = await interactionWorld(env.t);
    const command = await w.command({ name: "ping", description: "ping" });
    const client = await w.connect();
    const before = client.lastSequence;
    const { id } = await w.slash(command.id);
    const delivered = await client.dispatch("INTERACTION_CREATE", (d) => d.id === id);
    client.terminate();
    await waitFor(() => env.t.server.gateway.sessions.get(client.sessionId)?.attached === false);
    const resumed = await RawGatewayClient.resuming(env.t, w.token, client.sessionId, before);
    const replay = await resumed.until((f) => f.t === "RESUMED");
    const replayed = replay.find((f) => f.t === "INTERACTION_CREATE");
    expect(replayed).toMatchObject({ s: delivered.s, d: { id, token: delivered.d.token } });
    await resumed.close();
  });

  it("never reaches a people's live stream: it is addressed to the bot alone", async () => {
    const w = await interactionWorld(env.t);
    const command = await w.command({ name: "ping", description: "ping" });
    const client = await w.connect();
    const seen: string[] = [];
    const stop = env.t.server.ctx.bus.subscribe((event) => {
      if (event.t === "INTERACTION_CREATE")
        seen.push(JSON.stringify({ userIds: event.userIds, guildId: event.guildId, channelId: event.channelId }));
    });
    const { id } = await w.slash(command.id);
    await client.dispatch("INTERACTION_CREATE", (d) => d.id === id);
    stop();
    expect(seen).toEqual([JSON.stringify({ userIds: [w.botUserId.toString()], guildId: w.guild.id.toString() })]);
    await client.close();
  });

  it("forgets interactions an hour after their token stopped working (housekeeping), not sooner", async () => {
    const w = await interactionWorld(env.t);
    const command = await w.command({ name: "old", description: "old" });
    const [old, recent] = [await w.slash(command.id), await w.slash(command.id)];
    const prisma = env.t.server.ctx.database.prisma;
    // Time travel: the first as it stands 1 hour and 16 minutes later, the second 16 minutes later.
    await prisma.$executeRaw`UPDATE "Interaction" SET "expiresAt" = clock_timestamp() - interval '61 minutes' WHERE id = ${BigInt(old.id)}`;
    await prisma.$executeRaw`UPDATE "Interaction" SET "expiresAt" = clock_timestamp() - interval '1 minute' WHERE id = ${BigInt(recent.id)}`;
    await env.t.server.ctx.domain.housekeeping.run();
    expect(await prisma.interaction.findUnique({ where: { id: BigInt(old.id) } })).toBeNull();
    expect(await prisma.interaction.findUnique({ where: { id: BigInt(recent.id) } })).not.toBeNull();
  });
});
