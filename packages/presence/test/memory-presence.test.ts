import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type DomainEvent, LocalBus } from "@chat/events";
import { PresenceUpdateStatus } from "discord-api-types/v10";
import { afterEach, describe, expect, it } from "vitest";
import {
  MemoryPresence,
  type PresenceApi,
  type PresenceChange,
  presenceApi,
  PresenceTracker,
  RemotePresence,
} from "../src";

const { Online, Idle, Offline } = PresenceUpdateStatus;
/** Node ids of other processes, as RemotePresence makes them. */
const WEB_1 = "0123456789abcdef";
const WEB_2 = "fedcba9876543210";

const waitFor = async (condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("presences in the server's memory (no Redis)", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const memory = (options: ConstructorParameters<typeof MemoryPresence>[1] = {}, bus = new LocalBus()) => {
    const presence = new MemoryPresence(bus, options);
    cleanups.push(() => presence.close());
    return presence;
  };

  it("shows the status set most recently among the processes' views, and offline once none has one", async () => {
    const m = memory();
    expect((await m.update("1", { status: Online })).change).toMatchObject({ status: Online });
    // Later by the clock (within one millisecond the greater node id wins, and this process's is random).
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(m.updateFrom(WEB_1, "1", { status: Idle }).change).toMatchObject({ status: Idle });
    expect(await m.statuses(["1", "2"])).toEqual(new Map([["1", Idle]]));
    // The same status again from another process changes nothing others see.
    expect(m.updateFrom(WEB_2, "1", { status: Idle }).change).toBeNull();
    expect(m.updateFrom(WEB_2, "1", null).change).toBeNull();
    expect(m.updateFrom(WEB_1, "1", null).change).toMatchObject({ status: Online });
    expect((await m.update("1", null)).change).toMatchObject({ status: Offline });
    expect(await m.statuses(["1"])).toEqual(new Map());
  });

  it("drops the views of a process gone silent, announces that change once, and tells the process on its next call", async () => {
    const m = memory({ livenessMs: 100, sweepMs: 20 });
    const changes: [string, PresenceChange][] = [];
    m.onChange((userId, change) => changes.push([userId, change]));
    // Its first call: nothing of it is known here yet, so it is told to write its views.
    const first = m.updateFrom(WEB_1, "7", { status: Online });
    expect(first).toMatchObject({ swept: true, change: { status: Online } });
    expect(m.beat(WEB_1)).toEqual({ swept: false });

    await waitFor(() => changes.length > 0);
    expect(changes).toEqual([["7", { status: Offline, version: (first.change?.version ?? 0) + 1 }]]);
    expect(await m.statuses(["7"])).toEqual(new Map());
    expect(m.beat(WEB_1)).toEqual({ swept: true });
    expect(m.updateFrom(WEB_1, "7", { status: Online })).toMatchObject({ swept: false, change: { status: Online } });
    await new Promise((r) => setTimeout(r, 60));
    expect(changes).toHaveLength(1);
  });

  it("publishes a change's PRESENCE_UPDATEs, one per guild, only while it is the user's latest change", async () => {
    const bus = new LocalBus();
    const published: DomainEvent[] = [];
    bus.subscribe((event) => published.push(event));
    const m = memory({}, bus);
    const online = (await m.update("5", { status: Online })).change as PresenceChange;
    const offline = (await m.update("5", null)).change as PresenceChange;
    await m.publish("5", online, ["10", "11"]);
    expect(published).toEqual([]);
    await m.publish("5", offline, ["10", "11"]);
    expect(published.map((e) => [e.t, e.guildId, e.d])).toEqual([
      [
        "PRESENCE_UPDATE",
        "10",
        { user: { id: "5" }, guild_id: "10", status: Offline, activities: [], client_status: {} },
      ],
      [
        "PRESENCE_UPDATE",
        "11",
        { user: { id: "5" }, guild_id: "11", status: Offline, activities: [], client_status: {} },
      ],
    ]);
    await m.publish("5", offline, ["10"]);
    expect(published).toHaveLength(2);
  });
});

describe("the internal presence API (a web app process reaching the server's memory)", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The server's side on a loopback HTTP server; `restart` swaps the memory behind it, `down` makes it answer 503. */
  async function hub(secret: string) {
    const state = { down: false };
    let api: PresenceApi;
    let memory: MemoryPresence;
    const serve = () => {
      memory = new MemoryPresence(new LocalBus());
      api = presenceApi(memory, secret);
      cleanups.push(() => memory.close());
      return memory;
    };
    serve();
    const server: Server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", async () => {
        if (state.down) return void response.writeHead(503).end();
        const operation = (request.url ?? "").split("/").at(-1) ?? "";
        const answer = await api.answer(request.headers.authorization, operation, JSON.parse(body || "null"));
        response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/internal/bus`;
    return { url, memory: () => memory, restart: serve, state };
  }

  it("answers only with the event hub's secret, and refuses unknown operations and malformed calls", async () => {
    const memory = new MemoryPresence(new LocalBus());
    cleanups.push(() => memory.close());
    const api = presenceApi(memory, "the secret");
    expect(await api.answer("Bearer another", "beat", { node: WEB_1 })).toMatchObject({ status: 401 });
    expect(await api.answer(undefined, "beat", { node: WEB_1 })).toMatchObject({ status: 401 });
    expect(await api.answer("Bearer the secret", "toString", {})).toMatchObject({ status: 404 });
    expect(await api.answer("Bearer the secret", "statuses", { userIds: ["1", "not an id"] })).toMatchObject({
      status: 400,
    });
    expect(
      await api.answer("Bearer the secret", "update", { node: WEB_1, user: "1", view: { status: "dnd" } }),
    ).toMatchObject({ status: 400 });
    expect(await api.answer("Bearer the secret", "beat", { node: WEB_1 })).toEqual({
      status: 200,
      body: { swept: true },
    });
  });

  it("lets a web process's sessions show through the server's memory, and writes them again after the server restarted", async () => {
    const server = await hub("s3cret");
    const remote = new RemotePresence(server.url, "s3cret", { heartbeatMs: 30 });
    const tracker = new PresenceTracker(remote, async () => ["10"]);
    cleanups.push(() => remote.close());
    tracker.set({ id: "tab", userId: "42" }, Online);
    await tracker.settled();
    expect(await remote.statuses(["42", "43"])).toEqual(new Map([["42", Online]]));
    expect(await server.memory().statuses(["42"])).toEqual(new Map([["42", Online]]));

    server.restart();
    // The next heartbeat hears that the server knows nothing of this process: the tracker writes its views again.
    await waitFor(async () => (await remote.statuses(["42"])).get("42") === Online);
    tracker.ended({ id: "tab", userId: "42" });
    await tracker.settled();
    expect(await remote.statuses(["42"])).toEqual(new Map());
  });

  it("writes a view again once the server answers after a write to it failed", async () => {
    const server = await hub("s3cret");
    const remote = new RemotePresence(server.url, "s3cret", { heartbeatMs: 30 });
    const tracker = new PresenceTracker(remote, async () => []);
    cleanups.push(() => remote.close());
    // Known to the server already: its heartbeats hear that nothing of it was dropped.
    tracker.set({ id: "earlier", userId: "9" }, Online);
    await tracker.settled();
    await waitFor(async () => (await server.memory().statuses(["9"])).get("9") === Online);
    server.state.down = true;
    tracker.set({ id: "tab", userId: "8" }, Online);
    await tracker.settled();
    expect(await server.memory().statuses(["8"])).toEqual(new Map());
    server.state.down = false;
    await waitFor(async () => (await server.memory().statuses(["8"])).get("8") === Online);
  });

  it("fails a call made with the wrong secret, so nothing is written", async () => {
    const server = await hub("right");
    const remote = new RemotePresence(server.url, "wrong", { heartbeatMs: 60_000 });
    cleanups.push(() => remote.close());
    await expect(remote.update("1", { status: Online })).rejects.toThrow("HTTP 401");
    expect(await server.memory().statuses(["1"])).toEqual(new Map());
  });
});
