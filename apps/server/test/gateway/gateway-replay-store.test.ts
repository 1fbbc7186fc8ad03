import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { SerializedEvent } from "../../src/gateway/connection/payloads";
import { resolveGatewayOptions } from "../../src/gateway/options";
import { gatewayKeys } from "../../src/gateway/redis-shared";
import { RedisReplayStore } from "../../src/gateway/sessions/redis-replay-store";
import { MemoryReplayStore, type ReplayStore } from "../../src/gateway/sessions/replay-store";
import { ReplayAnswers } from "../support/replay-answers";

const event = (n: number) => new SerializedEvent("MESSAGE_CREATE", { n });
const numbers = (frames: string[] | null) => frames?.map((f) => JSON.parse(f).d.n as number);
const redisUrl = process.env.TEST_REDIS_URL;

const implementations: [string, (capacity: number) => ReplayStore][] = [
  ["in memory", (capacity) => new MemoryReplayStore(capacity)],
  ...(redisUrl
    ? [
        [
          "in Redis",
          (capacity: number) => new RedisReplayStore(redisUrl, `test-${randomBytes(6).toString("hex")}`, capacity),
        ] as [string, (capacity: number) => ReplayStore],
      ]
    : []),
];

describe.each(implementations)("gateway replay store (%s)", (_, create) => {
  const opened: ReplayStore[] = [];
  const open = (capacity: number) => {
    const store = create(capacity);
    opened.push(store);
    return store;
  };
  afterAll(() => Promise.all(opened.map((s) => s.close())));

  it("keeps the last 1000 events of a session by default", async () => {
    const store = open(resolveGatewayOptions().replayCapacity);
    for (let seq = 1; seq <= 1200; seq++) store.append("s", seq, event(seq));
    expect(numbers(await store.since("s", 200))).toEqual(Array.from({ length: 1000 }, (_, i) => 201 + i));
    expect(await store.since("s", 199)).toBeNull();
    expect(await store.since("s", 1200)).toEqual([]);
    expect(await store.since("s", 1201)).toBeNull();
  });

  it("gives frames with their own sequence numbers around the event data serialized once", async () => {
    const store = open(10);
    const shared = event(7);
    store.append("a", 1, shared);
    store.append("b", 5, shared);
    const [a] = (await store.since("a", 0)) ?? [];
    const [b] = (await store.since("b", 4)) ?? [];
    expect(JSON.parse(a ?? "")).toEqual({ t: "MESSAGE_CREATE", s: 1, op: 0, d: { n: 7 } });
    expect(JSON.parse(b ?? "").s).toBe(5);
    expect(a?.slice(a.indexOf('"d":'))).toBe(b?.slice(b.indexOf('"d":')));
  });

  it("forgets a dropped session", async () => {
    const store = open(10);
    store.append("s", 1, event(1));
    store.append("s", 2, event(2));
    expect(numbers(await store.since("s", 0))).toEqual([1, 2]);
    store.drop("s");
    expect(await store.since("s", 1)).toBeNull();
    expect(await store.since("s", 0)).toEqual([]);
  });
});

describe("gateway replay store (in memory) numbering", () => {
  it("refuses a gap in a session's sequence numbers", () => {
    const store = new MemoryReplayStore(10);
    store.append("s", 1, event(1));
    expect(() => store.append("s", 3, event(3))).toThrow(/gap/);
  });
});

describe.runIf(redisUrl)("gateway replay store in Redis: an event is written once for all its sessions", () => {
  const namespace = `test-${randomBytes(6).toString("hex")}`;
  const redis = new Redis(redisUrl ?? "");
  /** The commands the store sent, by name. */
  const sent: string[] = [];
  const sendCommand = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: { name: string }, stream?: unknown) => {
    sent.push(command.name);
    return sendCommand(command as never, stream as never);
  }) as typeof redis.sendCommand;
  const answers = new ReplayAnswers();
  const store = new RedisReplayStore(redis, namespace, 10, { onRefused: answers.refused });
  const append = (sessionId: string, seq: number, frame: SerializedEvent) =>
    answers.append(store, sessionId, seq, frame);
  afterAll(async () => {
    await store.close();
    await redis.quit();
  });

  it("keeps one body per event and each session only its ref, with one script call for every session of a dispatch", async () => {
    const shared = event(1);
    sent.length = 0;
    const appended = Array.from({ length: 300 }, (_, i) => append(`s${i}`, 1, shared));
    expect(await Promise.all(appended)).toEqual(appended.map(() => true));
    expect(sent.filter((name) => name === "evalsha" || name === "eval")).toHaveLength(1);
    const keys = gatewayKeys(namespace);
    const bodies = await redis.keys(keys.event("*"));
    expect(bodies).toHaveLength(1);
    expect(await redis.lrange(keys.refs("s7"), 0, -1)).toEqual([bodies[0]?.slice(keys.event("").length)]);
    expect(numbers(await store.since("s299", 0))).toEqual([1]);
  });

  it("cuts a dispatch to very many sessions into slices, the body written by the first", async () => {
    const shared = event(2);
    sent.length = 0;
    const appended = Array.from({ length: 1200 }, (_, i) => append(`big${i}`, 1, shared));
    expect(await Promise.all(appended)).toEqual(appended.map(() => true));
    expect(sent.filter((name) => name === "evalsha" || name === "eval")).toHaveLength(3);
    expect(JSON.parse((await store.since("big1199", 0))?.[0] ?? "")).toEqual({
      t: "MESSAGE_CREATE",
      s: 1,
      op: 0,
      d: { n: 2 },
    });
  });

  it("answers a session's appends in its own order across dispatches, and refuses a gap", async () => {
    const first = append("ordered", 1, event(10));
    const second = append("ordered", 2, event(11));
    const gap = append("ordered", 4, event(12));
    expect(await Promise.all([first, second, gap])).toEqual([true, true, false]);
    expect(numbers(await store.since("ordered", 0))).toEqual([10, 11]);
  });

  it("a session dropped right after an append is forgotten: the append went first", async () => {
    void append("gone", 1, event(20));
    store.drop("gone");
    expect(await store.since("gone", 0)).toEqual([]);
    expect(await redis.exists(gatewayKeys(namespace).refs("gone"))).toBe(0);
  });
});
