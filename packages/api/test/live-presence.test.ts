import { channelViewers } from "@chat/domain";
import { RedisBus } from "@chat/events";
import { redisPresence, TabPresence } from "@chat/presence";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, LiveHub } from "../src";
import type { LiveEventFrame, LiveReadyFrame } from "../src/routers/live";
import { createTestWorld, type TestWorld } from "./world";

/** How long a closed tab keeps its person online in this world. */
const GRACE_MS = 400;

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld({ tabGraceMs: GRACE_MS });
});
afterAll(() => w?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let people = 0;
async function person(name: string): Promise<bigint> {
  return (await w.domain.users.createPerson({ username: `${name}_${++people}`, passwordHash: "not-a-login" })).id;
}

/** A guild of a new owner with a new member: the member's tab watches the owner's presence. */
async function guildOfTwo() {
  const owner = await person("owner");
  const member = await person("member");
  const guild = await w.domain.guilds.create(owner, "Presence");
  await w.domain.members.addPerson(guild.id, member);
  const channelId = guild.channels.find((c) => c.type === 0)?.id as bigint;
  return { owner, member, guild, channelId };
}

type Caller = ReturnType<typeof createCaller>;

/** One browser tab's live stream, open once its first frame came. */
async function openTab(userId: bigint, caller: (signal: AbortSignal) => Caller = (signal) => w.caller(userId, signal)) {
  const controller = new AbortController();
  const iterator = (await caller(controller.signal).live.stream({ lastEventId: null }))[Symbol.asyncIterator]();
  const frames: (LiveReadyFrame | LiveEventFrame)[] = [];
  void (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      frames.push((Array.isArray(next.value) ? next.value[1] : next.value) as LiveReadyFrame | LiveEventFrame);
    }
  })().catch(() => {});
  while (frames.length === 0) await sleep(10);
  const events = () => frames.flatMap((frame) => (frame.kind === "event" ? [frame] : []));
  return {
    events,
    async until(match: (frame: LiveEventFrame) => boolean, timeoutMs = 5_000): Promise<LiveEventFrame> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events().find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no matching live event; got ${events()
              .map((e) => e.t)
              .join(", ")}`,
          );
        await sleep(10);
      }
    },
    close: () => controller.abort(),
  };
}
type Tab = Awaited<ReturnType<typeof openTab>>;

const statusOf = (frame: LiveEventFrame) => (frame.d as { status: string }).status;

/** Matches `userId`'s PRESENCE_UPDATE frames (with `status`, when given). */
const presenceFrame = (userId: bigint, status?: string) => (frame: LiveEventFrame) =>
  frame.t === GatewayDispatchEvents.PresenceUpdate &&
  (frame.d as { user: { id: string } }).user.id === userId.toString() &&
  (!status || statusOf(frame) === status);

/** The presence frames of `userId` a tab got up to a message posted now. */
async function presencesUntilBarrier(
  tab: Tab,
  channelId: bigint,
  author: bigint,
  userId: bigint,
): Promise<LiveEventFrame[]> {
  const content = `barrier ${Math.random()}`;
  await w.domain.messages.create(channelId, author, { content });
  await tab.until((f) => (f.d as { content?: string }).content === content);
  return tab.events().filter(presenceFrame(userId));
}

describe("people's presence from their open tabs", () => {
  it("brings a person online with their first tab: their guild's members' tabs get PRESENCE_UPDATE online, as bots get it", async () => {
    const { owner, member, guild } = await guildOfTwo();
    const observer = await openTab(member);
    const tab = await openTab(owner);
    expect(await observer.until(presenceFrame(owner))).toEqual({
      kind: "event",
      t: GatewayDispatchEvents.PresenceUpdate,
      d: {
        user: { id: owner.toString() },
        guild_id: guild.id.toString(),
        status: "online",
        activities: [],
        client_status: { web: "online" },
      },
    });
    tab.close();
    await observer.until(presenceFrame(owner, "offline"));
    observer.close();
  });

  it("keeps a person online while another of their tabs is open, and shows them offline the grace after the last one closes, not before", async () => {
    const { owner, member, channelId } = await guildOfTwo();
    const observer = await openTab(member);
    const first = await openTab(owner);
    await observer.until(presenceFrame(owner, "online"));
    const second = await openTab(owner);
    first.close();
    await sleep(GRACE_MS + 300);
    expect((await presencesUntilBarrier(observer, channelId, member, owner)).map(statusOf)).toEqual(["online"]);

    second.close();
    const closedAt = Date.now();
    await observer.until(presenceFrame(owner, "offline"));
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS - 20);
    expect(await w.presence.store.statuses([owner.toString()])).toEqual(new Map());
    observer.close();
  });

  it("does not flap when a tab is reloaded within the grace", async () => {
    const { owner, member, channelId } = await guildOfTwo();
    const observer = await openTab(member);
    const before = await openTab(owner);
    await observer.until(presenceFrame(owner, "online"));
    before.close();
    const after = await openTab(owner);
    await sleep(GRACE_MS + 300);
    expect((await presencesUntilBarrier(observer, channelId, member, owner)).map(statusOf)).toEqual(["online"]);
    after.close();
    observer.close();
  });

  it("shows people with a tab open as online in guilds.members, and the others as offline", async () => {
    const { owner, member, guild } = await guildOfTwo();
    const tab = await openTab(owner);
    const members = await w.caller(member).guilds.members({ guildId: guild.id.toString() });
    expect(members.map((m) => [m.user.id, m.status]).sort()).toEqual([
      [owner.toString(), "online"],
      [member.toString(), "offline"],
    ]);
    tab.close();
  });
});

// Two web processes: each its own bus connection, presence and live streams, on one Redis.
if (process.env.TEST_REDIS_URL) {
  describe("people's presence across two web processes on Redis", () => {
    it("keeps a person with a tab open on each process online until both are closed", async () => {
      const redis = w.redis;
      if (!redis) throw new Error("the world is not on Redis");
      const bus = new RedisBus(redis.url, `chat:events:${redis.namespace}`);
      await bus.whenReady();
      const presence = redisPresence({
        guildIdsOf: async (userId) => (await w.domain.guilds.guildIdsOf(BigInt(userId))).map(String),
        redisUrl: redis.url,
        namespace: redis.namespace,
        channel: bus.channel,
      });
      const tabs = new TabPresence(presence.tracker, { graceMs: GRACE_MS });
      const live = new LiveHub(bus, channelViewers(w.database.prisma), { presence: tabs });
      const onSecondProcess = (userId: bigint) => (signal: AbortSignal) =>
        createCaller(async () => ({ ...(await w.context(userId)), bus, live, presences: presence.store }), { signal });
      try {
        const { owner, member, channelId } = await guildOfTwo();
        const observer = await openTab(member);
        const here = await openTab(owner);
        await observer.until(presenceFrame(owner, "online"));
        const there = await openTab(owner, onSecondProcess(owner));
        here.close();
        await sleep(GRACE_MS + 300);
        expect((await presencesUntilBarrier(observer, channelId, member, owner)).map(statusOf)).toEqual(["online"]);
        there.close();
        await observer.until(presenceFrame(owner, "offline"));
        observer.close();
      } finally {
        live.close();
        tabs.close();
        await presence.close();
        await bus.close();
      }
    });
  });
}
