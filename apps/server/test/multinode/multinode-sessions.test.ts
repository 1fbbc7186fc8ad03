import { GatewayDispatchEvents } from "discord-api-types/v10";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { SerializedEvent } from "../../src/gateway/connection/payloads";
import { Dispatcher } from "../../src/gateway/dispatch/dispatcher";
import { replayingRouter } from "../../src/gateway/dispatch/interaction-router";
import { resolveGatewayOptions } from "../../src/gateway/options";
import { gatewayRedis } from "../../src/gateway/redis-shared";
import { EventHistory, LocalBus } from "@chat/events";
import { MemoryPresence } from "@chat/presence";
import { RedisReplayStore } from "../../src/gateway/sessions/redis-replay-store";
import { RedisSessionStore } from "../../src/gateway/sessions/redis-session-store";
import { MemoryReplayStore } from "../../src/gateway/sessions/replay-store";
import { SessionRegistry } from "../../src/gateway/sessions/session-registry";
import { type ClaimedSession, MemorySessionStore, type SessionRecord } from "../../src/gateway/sessions/session-store";
import { takeOverSession } from "../../src/gateway/sessions/takeover";
import { waitFor } from "../support/gateway-client";
import { partialDispatch } from "../support/partial-dispatch";
import { ReplayAnswers } from "../support/replay-answers";

const record = (userId: string, id = randomBytes(8).toString("hex")): SessionRecord => ({
  id,
  userId,
  applicationId: "7",
  intents: 513,
  shard: null,
  createdAt: Date.now(),
});
const event = (id: string) => partialDispatch(GatewayDispatchEvents.MessageCreate, { id }, { id });

describe("event history (multi-node catch-up)", () => {
  it("gives the events after the newest of the positions it still knows, in order", () => {
    const history = new EventHistory(100, 60_000);
    for (const id of ["a", "b", "c", "d", "e"]) history.push(event(id));
    expect(history.latestId).toBe("e");
    expect(history.after(["b"])?.map((e) => e.id)).toEqual(["c", "d", "e"]);
    expect(history.after(["b", "unknown", "d"])?.map((e) => e.id)).toEqual(["e"]);
    expect(history.after(["e"])).toEqual([]);
    expect(history.after(["unknown"])).toBeNull();
    expect(history.after([])).toBeNull();
  });

  it("takes the bus's earlier events read back at a node's start before the ones it heard live, keeping their age", () => {
    let now = 10_000;
    const history = new EventHistory(100, 1_000, () => now);
    history.push(event("live1"));
    history.push(event("live2"));
    history.prepend([
      { event: event("old1"), at: 8_000 },
      { event: event("old2"), at: 9_500 },
      { event: event("old3"), at: 9_900 },
    ]);
    expect(history.latestId).toBe("live2");
    expect(history.after(["old2"])?.map((e) => e.id)).toEqual(["old3", "live1", "live2"]);
    // Published 2 s ago: past the 1 s age already.
    expect(history.after(["old1"])).toBeNull();
    now = 10_800;
    history.push(event("live3"));
    expect(history.after(["old2"])).toBeNull();
    expect(history.after(["old3"])?.map((e) => e.id)).toEqual(["live1", "live2", "live3"]);

    const empty = new EventHistory(100, 60_000, () => now);
    empty.prepend([
      { event: event("x"), at: now },
      { event: event("y"), at: now },
    ]);
    expect(empty.latestId).toBe("y");
    expect(empty.after(["x"])?.map((e) => e.id)).toEqual(["y"]);
  });

  it("forgets events past its size or age, and then cannot place positions among them", () => {
    let now = 0;
    const history = new EventHistory(3, 1_000, () => now);
    for (const id of ["a", "b", "c", "d"]) history.push(event(id));
    expect(history.after(["a"])).toBeNull();
    expect(history.after(["b"])?.map((e) => e.id)).toEqual(["c", "d"]);
    now = 5_000;
    history.push(event("e"));
    expect(history.after(["d"])).toBeNull();
    expect(history.after(["e"])).toEqual([]);
    for (let i = 0; i < 5_000; i++) history.push(event(`x${i}`));
    expect(history.size).toBe(3);
    expect(history.after(["x4997"])?.map((e) => e.id)).toEqual(["x4998", "x4999"]);
  });
});

describe("session store (one node)", () => {
  it("counts live sessions per bot: dropped and ended ones make room, resumed ones count again", async () => {
    const store = new MemorySessionStore();
    const [a, b, c] = [record("1"), record("1"), record("1")];
    expect(await store.open(a, 2)).toBe(true);
    expect(await store.open(b, 2)).toBe(true);
    expect(await store.open(c, 2)).toBe(false);
    expect(await store.open(record("2"), 2)).toBe(true);
    store.dropped(a.id, "1");
    expect(await store.open(c, 2)).toBe(true);
    store.live(a.id, "1");
    store.end(b.id, "1");
    expect(await store.open(record("1"), 2)).toBe(false);
    expect(await store.claim(a.id, "1", 1000)).toBeNull();
  });
});

describe("takeover catch-up", () => {
  /** A shared store whose claim hands over a session another node recorded through bus event "e3". */
  class ClaimableStore extends MemorySessionStore {
    override readonly shared = true;
    override readonly durable = true;
    readonly readyAt: (string | undefined)[] = [];
    override async claim(sessionId: string, userId: string): Promise<ClaimedSession> {
      const markers = ["e3", "e1"];
      return {
        id: sessionId,
        userId,
        applicationId: "1",
        intents: 1 | (1 << 9),
        shard: null,
        createdAt: 0,
        previousOwner: "a",
        lastSequence: 3,
        guildIds: ["5"],
        markers,
        droppedAt: 100,
      };
    }
    override ready(_id: string, _guilds: readonly string[], marker: string | undefined): void {
      this.readyAt.push(marker);
    }
  }
  const message = (id: string, content: string) =>
    partialDispatch(GatewayDispatchEvents.MessageCreate, { content }, { id, guildId: "5", channelId: "6" });

  it("waits until it has heard the old owner's newest marker, then records only the events after it", async () => {
    const history = new EventHistory(100, 60_000);
    history.push(message("e1", "one"));
    history.push(message("e2", "two"));
    const store = new ClaimableStore();
    const replay = new MemoryReplayStore(100);
    const sessions = new SessionRegistry(replay, store);
    const presences = new MemoryPresence(new LocalBus());
    const viewers = async (_g: string, _c: string, userIds: string[]) => new Set(userIds);
    const dispatcher = new Dispatcher(sessions, viewers, presences, { history });
    // "e3" was handled by the old owner but is still on its way to this node when the claim answers.
    const heardEverything = async () => {
      history.push(message("e3", "three"));
      history.push(message("e4", "four"));
      return true;
    };
    const services = {
      store,
      history,
      sessions,
      replay,
      options: resolveGatewayOptions(),
      presences,
      viewers,
      dispatcher,
      heardEverything,
      presenceTracker: { adopt() {} },
    };
    const session = await takeOverSession(services, "9", "s");
    expect(session?.lastSequence).toBe(4);
    expect((await replay.since("s", 3))?.map((f) => JSON.parse(f).d.content)).toEqual(["four"]);
    await dispatcher.idle();
    expect(store.readyAt).toEqual(["e4"]);
    expect(sessions.get("s")).toBe(session);
    await presences.close();
  });
  it("replays from the backlog only the interactions that were delivered to the session taken over", async () => {
    const history = new EventHistory(100, 60_000);
    history.push(message("e1", "one"));
    const interaction = (eventId: string, id: string) =>
      partialDispatch(
        GatewayDispatchEvents.InteractionCreate,
        { id },
        { id: eventId, guildId: "5", userIds: ["9"], oneSession: { preferred: null } },
      );
    history.push(message("e3", "three"));
    history.push(interaction("e4", "mine"));
    history.push(interaction("e5", "another session's"));
    const store = new ClaimableStore();
    const replay = new MemoryReplayStore(100);
    const sessions = new SessionRegistry(replay, store);
    const presences = new MemoryPresence(new LocalBus());
    const viewers = async (_g: string, _c: string, userIds: string[]) => new Set(userIds);
    const dispatcher = new Dispatcher(sessions, viewers, presences, { history });
    // Where each interaction went, as the interactions' rows say (the domain's answer, stood in for here).
    const deliveredTo = async (id: string) => (id === "mine" ? "s" : "elsewhere");
    const replayedInteractions = replayingRouter({
      deliveredTo,
      claimDelivery: async () => false,
      undeliverable: async () => {},
    });
    const services = {
      store,
      history,
      sessions,
      replay,
      options: resolveGatewayOptions(),
      presences,
      viewers,
      dispatcher,
      heardEverything: async () => true,
      presenceTracker: { adopt() {} },
      replayedInteractions,
    };
    const session = await takeOverSession(services, "9", "s");
    expect((await replay.since("s", 3))?.map((f) => JSON.parse(f).d.id)).toEqual(["mine"]);
    expect(session?.lastSequence).toBe(4);
    await presences.close();
  });
});

// Two stores on one Redis namespace stand for two nodes.
interface Node {
  store: RedisSessionStore;
  replay: RedisReplayStore;
  append(sessionId: string, seq: number, event: SerializedEvent): Promise<boolean>;
}
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describe("session store in Redis (two nodes)", () => {
    const namespace = `test-${randomBytes(6).toString("hex")}`;
    const connections = [gatewayRedis(redisUrl), gatewayRedis(redisUrl)];
    const lost: [string[], string[]] = [[], []];
    const [nodeA, nodeB] = connections.map((redis, i) => {
      const nodeId = `node-${i}-${namespace}`;
      const store = new RedisSessionStore(redis, namespace, { nodeId, resumeWindowMs: 2_000, leaseMs: 600 });
      store.onLost((id) => lost[i]?.push(id));
      const answers = new ReplayAnswers();
      const onRefused = (id: string) => {
        store.lost(id);
        answers.refused(id);
      };
      const replay = new RedisReplayStore(redis, namespace, 100, { nodeId, onRefused });
      // Appends as a session makes them: true once the frame is written, false when refused.
      const append = (sessionId: string, seq: number, event: SerializedEvent) =>
        answers.append(replay, sessionId, seq, event);
      return { store, replay, append };
    }) as [Node, Node];
    afterAll(async () => {
      await Promise.all([nodeA.store.close(), nodeB.store.close()]);
      await Promise.all(connections.map((r) => r.quit()));
    });
    const frame = (n: number, id?: string) => new SerializedEvent("MESSAGE_CREATE", { n }, id);

    it("holds the session limit across nodes and frees a dead node's live sessions after their lease", async () => {
      const user = randomBytes(4).toString("hex");
      expect(await nodeA.store.open(record(user), 2)).toBe(true);
      const onB = record(user);
      expect(await nodeB.store.open(onB, 2)).toBe(true);
      expect(await nodeA.store.open(record(user), 2)).toBe(false);
      expect(await nodeB.store.open(record(user), 2)).toBe(false);
      nodeB.store.dropped(onB.id, user, 2_000);
      expect(await nodeA.store.open(record(user), 2)).toBe(true);
      // A session whose node stops renewing it stops counting once its lease runs out.
      const stale = new RedisSessionStore(connections[0]!, namespace, {
        nodeId: "gone",
        resumeWindowMs: 2_000,
        leaseMs: 300,
      });
      const other = randomBytes(4).toString("hex");
      expect(await stale.open(record(other), 1)).toBe(true);
      await stale.close();
      expect(await nodeB.store.open(record(other), 1)).toBe(false);
      await new Promise((r) => setTimeout(r, 400));
      expect(await nodeB.store.open(record(other), 1)).toBe(true);
    });

    it("lets another node claim a ready session: the old owner's writes are refused and it is told", async () => {
      const user = randomBytes(4).toString("hex");
      const session = record(user);
      expect(await nodeA.store.open(session, 16)).toBe(true);
      expect(await nodeA.append(session.id, 1, frame(1, "e1"))).toBe(true);
      // Not resumable before READY and its held events are recorded.
      expect(await nodeB.store.claim(session.id, user, 2_000)).toBeNull();
      nodeA.store.ready(session.id, ["10", "20"], "e0");
      expect(await nodeA.append(session.id, 2, frame(2, "e2"))).toBe(true);
      nodeA.store.processed("e3");
      await new Promise((r) => setTimeout(r, 300)); // the cursor is written every 250 ms
      expect(await nodeB.store.claim(session.id, "someone-else", 2_000)).toBeNull();

      const claimed = await nodeB.store.claim(session.id, user, 2_000);
      expect(claimed).toMatchObject({
        id: session.id,
        userId: user,
        applicationId: "7",
        intents: 513,
        shard: null,
        lastSequence: 2,
        guildIds: ["10", "20"],
      });
      expect(claimed?.markers.sort()).toEqual(["e0", "e2", "e3"]);
      await waitFor(() => lost[0]?.includes(session.id) ?? false);
      expect(await nodeA.append(session.id, 3, frame(3))).toBe(false);
      expect(await nodeB.append(session.id, 3, frame(3))).toBe(true);
      expect((await nodeB.replay.since(session.id, 0))?.map((f) => JSON.parse(f).d.n)).toEqual([1, 2, 3]);
      // The old owner can no longer end it or drop its buffer.
      nodeA.store.end(session.id, user);
      nodeA.replay.drop(session.id);
      expect((await nodeB.replay.since(session.id, 2))?.length).toBe(1);
      // Mid-takeover (not ready again yet) nobody else can claim it.
      expect(await nodeA.store.claim(session.id, user, 2_000)).toBeNull();
    });

    it("refuses a gap in the numbering and a claim after the resume window", async () => {
      const user = randomBytes(4).toString("hex");
      const session = record(user);
      await nodeA.store.open(session, 16);
      expect(await nodeA.append(session.id, 1, frame(1))).toBe(true);
      expect(await nodeA.append(session.id, 3, frame(3))).toBe(false);
      nodeA.store.ready(session.id, [], "e0");
      nodeA.store.dropped(session.id, user, 100);
      await new Promise((r) => setTimeout(r, 300));
      expect(await nodeB.store.claim(session.id, user, 100)).toBeNull();
    });
  });
}
