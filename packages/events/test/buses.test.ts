import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { type DomainEvent, HubBus, HubClientBus, isDispatch, LocalBus, RedisBus } from "../src";

function nextEvent(bus: { subscribe(h: (e: DomainEvent) => void): () => void }): Promise<DomainEvent> {
  return new Promise((resolve) => {
    const off = bus.subscribe((event) => {
      off();
      resolve(event);
    });
  });
}

const message: DomainEvent = {
  t: GatewayDispatchEvents.MessageDelete,
  d: { id: "3", channel_id: "2", guild_id: "1" },
  guildId: "1",
  channelId: "2",
};
/** The n-th of a numbered series of events (a typing event whose timestamp is n). */
const numbered = (n: number): DomainEvent => ({
  t: GatewayDispatchEvents.TypingStart,
  d: { channel_id: "2", user_id: "4", timestamp: n },
});
const numberOf = (event: DomainEvent) =>
  isDispatch(event, GatewayDispatchEvents.TypingStart) ? event.d.timestamp : null;

describe("event buses", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function hubOnLoopback(secret: string): Promise<{ hub: HubBus; url: string }> {
    const hub = new HubBus(secret);
    const http: Server = createServer();
    const sockets = new WebSocketServer({ server: http });
    sockets.on("connection", (socket, request) => hub.accept(socket, request));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    cleanups.push(async () => {
      await hub.close();
      sockets.close();
      await new Promise((resolve) => http.close(resolve));
    });
    return { hub, url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}` };
  }

  it("delivers within one process on the local bus", async () => {
    const bus = new LocalBus();
    const received = nextEvent(bus);
    await bus.publish(message);
    expect(await received).toEqual(message);
  });

  it("relays events between the hub and its clients in both directions", async () => {
    const { hub, url } = await hubOnLoopback("s3cret");
    const web = new HubClientBus(url, "s3cret");
    const cli = new HubClientBus(url, "s3cret");
    cleanups.push(
      () => web.close(),
      () => cli.close(),
    );
    expect(await web.whenReady()).toBe(true);
    expect(await cli.whenReady()).toBe(true);

    const atHub = nextEvent(hub);
    const atOtherClient = nextEvent(web);
    await cli.publish(message);
    expect(await atHub).toEqual(message);
    expect(await atOtherClient).toEqual(message);

    const fromHub = nextEvent(web);
    await hub.publish({
      t: GatewayDispatchEvents.MessageDelete,
      d: { id: "5", channel_id: "2", guild_id: "1" },
      guildId: "1",
      channelId: "2",
    });
    expect(await fromHub).toMatchObject({ d: { id: "5" } });
  });

  it("resolves a publish through the hub only once the hub's subscribers have the event (a web app's send is answered after the gateway journal has it)", async () => {
    const { hub, url } = await hubOnLoopback("s3cret");
    const web = new HubClientBus(url, "s3cret");
    cleanups.push(() => web.close());
    expect(await web.whenReady()).toBe(true);
    const atHub: DomainEvent[] = [];
    hub.subscribe((event) => atHub.push(event));
    for (let n = 1; n <= 20; n++) {
      await web.publish(numbered(n));
      expect(atHub.map(numberOf)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    }
  });

  it("resolves a publish at once while the hub is unreachable (the write it reports is done; the event waits for the hub)", async () => {
    const web = new HubClientBus("ws://127.0.0.1:9/unreachable", "s3cret");
    cleanups.push(() => web.close());
    const started = Date.now();
    await web.publish(numbered(1));
    expect(Date.now() - started).toBeLessThan(100);
  });

  it("refuses a client without the secret and ignores frames that are not events", async () => {
    const { hub, url } = await hubOnLoopback("right");
    const intruder = new WebSocket(url, { headers: { authorization: "Bearer wrong" } });
    const code = await new Promise<number>((resolve) => intruder.on("close", (c) => resolve(c)));
    expect(code).toBe(4004);

    const garbler = new WebSocket(url, { headers: { authorization: "Bearer right" } });
    await new Promise((resolve) => garbler.on("open", resolve));
    const closed = new Promise<number>((resolve) => garbler.on("close", (c) => resolve(c)));
    garbler.send("{not json");
    expect(await closed).toBe(4002);
    // The hub is still serving.
    const received = nextEvent(hub);
    await hub.publish(message);
    expect(await received).toEqual(message);
  });

  // Redis runs in the PostgreSQL + Redis pass of the suite (TEST_REDIS_URL).
  if (process.env.TEST_REDIS_URL) {
    it("carries events between processes through Redis", async () => {
      const channel = `chat:events:test-${Date.now()}`;
      const a = new RedisBus(process.env.TEST_REDIS_URL as string, channel);
      const b = new RedisBus(process.env.TEST_REDIS_URL as string, channel);
      cleanups.push(
        () => a.close(),
        () => b.close(),
      );
      await Promise.all([a.whenReady(), b.whenReady()]);
      const received = nextEvent(b);
      await a.publish(message);
      const first = await received;
      // Each event gets a unique id (gateway nodes name positions in the event stream by it).
      expect(first).toEqual({ ...message, id: expect.any(String) });
      const second = nextEvent(b);
      await a.publish(message);
      expect((await second).id).not.toBe(first.id);
    });

    it("reads back what was published before a process listened (recent ones, up to where it started), each with its time", async () => {
      const url = process.env.TEST_REDIS_URL as string;
      const channel = `chat:events:test-earlier-${Date.now()}`;
      const before = new RedisBus(url, channel);
      cleanups.push(() => before.close());
      await before.whenReady();
      expect(await before.earlier(before.heardUpTo, 60_000)).toEqual([]);
      const publishedFrom = Date.now();
      for (const n of [1, 2, 3]) await before.publish(numbered(n));
      const late = new RedisBus(url, channel);
      cleanups.push(() => late.close());
      await late.whenReady();
      const live: unknown[] = [];
      late.subscribe((event) => live.push(numberOf(event)));
      const upTo = late.heardUpTo;
      await before.publish(numbered(4));
      await vi.waitFor(() => expect(live).toEqual([4]));
      const earlier = await late.earlier(upTo, 60_000);
      expect(earlier.map(({ event }) => numberOf(event))).toEqual([1, 2, 3]);
      for (const { at } of earlier) expect(at).toBeGreaterThanOrEqual(publishedFrom - 5);
      // Only the recent past: nothing published in the last 0 ms before now.
      await new Promise((r) => setTimeout(r, 20));
      expect(await late.earlier(upTo, 10)).toEqual([]);
    });

    it("delivers once an event the stream carries twice (a publish resent after its connection dropped)", async () => {
      const url = process.env.TEST_REDIS_URL as string;
      const channel = `chat:events:test-twice-${Date.now()}`;
      const reader = new RedisBus(url, channel);
      const admin = new Redis(url);
      cleanups.push(
        () => reader.close(),
        () => void admin.disconnect(),
      );
      await reader.whenReady();
      const received: unknown[] = [];
      reader.subscribe((event) => received.push(numberOf(event)));
      for (const [id, n] of [
        ["x-1", 1],
        ["x-1", 1],
        ["x-2", 2],
      ] as const)
        await admin.xadd(channel, "*", "e", JSON.stringify({ ...numbered(n), id }));
      await vi.waitFor(() => expect(received).toEqual([1, 2]));
      await admin.xadd(channel, "*", "e", JSON.stringify({ ...numbered(3), id: "x-3" }));
      await vi.waitFor(() => expect(received).toEqual([1, 2, 3]));
    });

    it("loses no event while a process's Redis connection is down: it reads on from where it stopped", async () => {
      const url = process.env.TEST_REDIS_URL as string;
      const channel = `chat:events:test-gap-${Date.now()}`;
      const publisher = new RedisBus(url, channel);
      const reader = new RedisBus(url, channel);
      const admin = new Redis(url);
      cleanups.push(
        () => publisher.close(),
        () => reader.close(),
        () => void admin.disconnect(),
      );
      await Promise.all([publisher.whenReady(), reader.whenReady()]);
      const received: unknown[] = [];
      reader.subscribe((event) => received.push(numberOf(event)));
      await publisher.publish(numbered(1));
      await vi.waitFor(() => expect(received).toEqual([1]));

      // Cut the reading connection (as a network drop would) and publish while it is down.
      const clients = (await admin.client("LIST")) as string;
      const readerIds = clients
        .split("\n")
        .filter((line) => line.includes(` name=${reader.readerName} `))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1])
        .filter((id): id is string => id !== undefined);
      expect(readerIds).toHaveLength(1);
      for (const id of readerIds) await admin.client("KILL", "ID", id);
      for (let n = 2; n <= 50; n++) await publisher.publish(numbered(n));

      await vi.waitFor(() => expect(received).toHaveLength(50), { timeout: 10_000 });
      expect(received).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });
  }
});
