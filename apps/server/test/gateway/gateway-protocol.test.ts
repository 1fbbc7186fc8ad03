import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_HEARTBEAT_INTERVAL_MS } from "../../src/gateway/options";
import { FakeGatewayClient } from "../support/fake-gateway-client";
import { Intents, RawGatewayClient, waitFor } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

/**
 * The connection protocol, on one node at the spec's timings: over a real socket one test per
 * path; every case of each close code, the deadlines (on fake timers) and the Resume refusals
 * over a socket without a network (FakeGatewayClient: the node's real gateway, sessions and
 * database reads).
 */
const env = useTestServer();
const gateway = () => env.t.server.gateway;

describe("gateway connection protocol (real socket)", () => {
  const MISSING = Symbol("missing");
  const identify = (token: string, intents: unknown = Intents.Guilds, extra: Record<string, unknown> = {}) => ({
    op: 2,
    d: {
      token,
      ...(intents === MISSING ? {} : { intents }),
      properties: { os: "linux", browser: "test", device: "test" },
      ...extra,
    },
  });

  it("says Hello with a heartbeat interval of 41250 ms as soon as the socket opens", async () => {
    const client = await RawGatewayClient.connect(env.t);
    const hello = await client.next();
    expect(hello).toEqual({ op: 10, d: { heartbeat_interval: 41_250 }, s: null, t: null });
    await client.close();
  });

  it("answers a heartbeat with a heartbeat ACK, before and after Identify", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    client.send({ op: 1, d: client.ready.s });
    expect(await client.next((f) => f.op === 11)).toMatchObject({ op: 11, s: null, t: null });

    const early = await RawGatewayClient.connect(env.t);
    await early.next((f) => f.op === 10);
    early.send({ op: 1, d: null });
    expect((await early.next((f) => f.op === 11)).op).toBe(11);
    await Promise.all([client.close(), early.close()]);
  });

  it("accepts the bot token with and without the `Bot ` prefix", async () => {
    for (const token of [env.world.token, `Bot ${env.world.token}`]) {
      const client = await RawGatewayClient.identified(env.t, token, 0);
      expect(client.ready.d.user.id).toBe(env.world.botUserId.toString());
      await client.close();
    }
  });

  it("closes 4001 on an unknown opcode", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    client.send({ op: 99, d: null });
    expect((await client.closed).code).toBe(4001);
  });

  it("closes 4002 on a payload that is not valid JSON", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    client.sendRaw("{not json");
    expect((await client.closed).code).toBe(4002);
  });

  it("closes 4002 without Hello when the encoding, version or compression is not supported", async () => {
    for (const query of [
      "?v=10&encoding=etf",
      "?v=9&encoding=json",
      "?v=10&encoding=json&compress=zstd-stream",
      "?v=10&encoding=json&compress=zlib",
    ]) {
      const client = await RawGatewayClient.connect(env.t, query);
      expect((await client.closed).code).toBe(4002);
      expect(client.frames).toEqual([]);
    }
  });

  it("closes 4003 when another payload comes before Identify", async () => {
    const client = await RawGatewayClient.connect(env.t);
    await client.next((f) => f.op === 10);
    client.send({ op: 3, d: { since: null, activities: [], status: "online", afk: false } });
    expect((await client.closed).code).toBe(4003);
  });

  it("closes 4004 for a wrong token", async () => {
    const client = await RawGatewayClient.connect(env.t);
    await client.next((f) => f.op === 10);
    client.send(identify(`${env.world.token.slice(0, -3)}abc`));
    expect((await client.closed).code).toBe(4004);
  });

  it("closes 4005 on a second Identify", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    client.send(identify(env.world.token));
    expect((await client.closed).code).toBe(4005);
  });

  it("closes 4013 when intents are missing", async () => {
    const client = await RawGatewayClient.connect(env.t);
    await client.next((f) => f.op === 10);
    client.send(identify(env.world.token, MISSING));
    expect((await client.closed).code).toBe(4013);
  });

  it("closes 4010 for a shard that is not [id, count] with 0 <= id < count", async () => {
    const client = await RawGatewayClient.connect(env.t);
    await client.next((f) => f.op === 10);
    client.send(identify(env.world.token, 0, { shard: [1, 1] }));
    expect((await client.closed).code).toBe(4010);
  });

  it("answers Resume with Invalid Session whose d is false, then accepts Identify", async () => {
    const client = await RawGatewayClient.connect(env.t);
    await client.next((f) => f.op === 10);
    client.send({ op: 6, d: { token: env.world.token, session_id: "nope", seq: 3 } });
    expect(await client.next((f) => f.op === 9)).toEqual({ op: 9, d: false, s: null, t: null });
    client.send(identify(env.world.token, 0));
    expect((await client.dispatch("READY")).s).toBe(1);
    await client.close();
  });

  it("accepts Presence Update and Voice State Update after Identify without closing", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    client.send({ op: 3, d: { since: null, activities: [], status: "idle", afk: false } });
    client.send({
      op: 4,
      d: { guild_id: env.world.guild.id.toString(), channel_id: null, self_mute: false, self_deaf: false },
    });
    client.send({ op: 1, d: null });
    expect((await client.next((f) => f.op === 11)).op).toBe(11);
    await client.close();
  });

  it("ends the session at once when the client closes with 1000 or 1001", async () => {
    for (const code of [1000, 1001]) {
      const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
      const id = client.ready.d.session_id as string;
      expect(env.t.server.gateway.sessions.get(id)).toBeDefined();
      await client.close(code);
      await waitFor(() => env.t.server.gateway.sessions.get(id) === undefined);
    }
  });

  it("keeps the session, detached, when the connection drops without a clean close", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    const id = client.ready.d.session_id as string;
    client.terminate();
    await client.closed;
    await waitFor(() => env.t.server.gateway.sessions.get(id)?.attached === false);
    expect(env.t.server.gateway.sessions.get(id)).toBeDefined();
  });
});

describe("gateway close codes (fake socket)", () => {
  const MISSING = Symbol("missing");
  const identify = (token: unknown, intents: unknown = Intents.Guilds, extra: Record<string, unknown> = {}) => ({
    op: 2,
    d: {
      token,
      ...(intents === MISSING ? {} : { intents }),
      properties: { os: "linux", browser: "test", device: "test" },
      ...extra,
    },
  });
  /** The close code a new connection gets for `payload`, sent first. */
  const closeFor = (payload: unknown) => {
    const client = FakeGatewayClient.connect(gateway());
    client.send(payload);
    return client.closed();
  };

  it("closes 4001 on an unknown opcode, including opcodes only the service sends", async () => {
    for (const op of [99, 5, 10, 11, 0, 7, 9, 1.5]) {
      const client = await FakeGatewayClient.identified(gateway(), env.world.token);
      client.send({ op, d: null });
      expect(await client.closed(), `op ${op}`).toBe(4001);
    }
  });

  it("closes 4002 on a payload that is not valid JSON or not a JSON object", async () => {
    for (const text of ["{not json", "[]", "1", "null", '"text"']) {
      const client = FakeGatewayClient.connect(gateway());
      client.sendRaw(text);
      expect(await client.closed(), text).toBe(4002);
    }
  });

  it("closes 4002 on an Identify or a Resume whose d is not an object", async () => {
    for (const op of [2, 6]) expect(await closeFor({ op, d: "token" }), `op ${op}`).toBe(4002);
  });

  it("closes 4003 when another payload comes before Identify", async () => {
    for (const op of [3, 4, 8]) expect(await closeFor({ op, d: {} }), `op ${op}`).toBe(4003);
  });

  it("closes 4004 for a wrong token, a malformed one, one that is no string, and a token replaced by a reset", async () => {
    const other = await env.t.seed.world();
    const stale = other.token;
    await env.t.server.ctx.domain.applications.resetBotToken(other.owner.id, other.app.application.id);
    for (const token of [`${env.world.token.slice(0, -3)}abc`, "not-a-token", stale, 42, MISSING]) {
      const payload = token === MISSING ? { op: 2, d: { intents: 0, properties: {} } } : identify(token, 0);
      expect(await closeFor(payload), String(token)).toBe(4004);
    }
  });

  it("closes 4005 on a second Identify, and on a Resume after Identify", async () => {
    for (const second of [
      identify(env.world.token),
      { op: 6, d: { token: env.world.token, session_id: "s", seq: 1 } },
    ]) {
      const client = await FakeGatewayClient.identified(gateway(), env.world.token);
      client.send(second);
      expect(await client.closed()).toBe(4005);
    }
  });

  it("closes 4013 when intents are missing, not a non-negative integer, or carry undefined bits", async () => {
    for (const intents of [MISSING, null, "513", 1.5, -1, 1 << 30, 2 ** 40]) {
      expect(await closeFor(identify(env.world.token, intents)), `intents ${String(intents)}`).toBe(4013);
    }
  });

  it("closes 4010 for a shard that is not [id, count] with 0 <= id < count", async () => {
    for (const shard of [[1, 1], [0, 0], [-1, 2], [0], "0,1", [0, 1.5], [0, 1, 2]]) {
      expect(await closeFor(identify(env.world.token, 0, { shard })), JSON.stringify(shard)).toBe(4010);
    }
  });

  it("closes 4008 when a bot opens more than 16 sessions at once, and takes one again once a session ends", async () => {
    const crowd = await env.t.seed.world();
    const clients = [];
    for (let i = 0; i < 16; i++) clients.push(await FakeGatewayClient.identified(gateway(), crowd.token));
    expect(await closeFor(identify(crowd.token, 0))).toBe(4008);
    clients.pop()?.drop(1000);
    const again = await FakeGatewayClient.identified(gateway(), crowd.token);
    for (const client of [...clients, again]) client.drop(1000);
  });

  it("closes 4008 when a connection sends more than 120 payloads in a minute", async () => {
    const client = await FakeGatewayClient.identified(gateway(), env.world.token);
    for (let i = 0; i < 119; i++) client.send({ op: 1, d: null });
    expect(client.closeCode).toBeUndefined();
    client.send({ op: 1, d: null });
    expect(await client.closed()).toBe(4008);
  });
});

describe("gateway Resume refusals (fake socket)", () => {
  const resume = (token: unknown, sessionId: unknown, seq: unknown) => {
    const client = FakeGatewayClient.connect(gateway());
    client.send({ op: 6, d: { token, session_id: sessionId, seq } });
    return client;
  };
  const refused = (client: FakeGatewayClient) => client.next((f) => f.op === 9);

  it("answers op 9 with d false for an ended session, an unknown one, a wrong token, seq ahead, and malformed fields; then accepts Identify", async () => {
    const ended = await FakeGatewayClient.identified(gateway(), env.world.token);
    ended.drop(1000);
    const live = await FakeGatewayClient.identified(gateway(), env.world.token);
    const liveId = live.ready.d.session_id as string;
    const liveSeq = live.ready.s ?? 0;
    live.drop();
    const stranger = await env.t.seed.world();
    for (const [token, sessionId, seq] of [
      [env.world.token, ended.ready.d.session_id, 1],
      [env.world.token, "0123456789abcdef0123456789abcdef", 1],
      [stranger.token, liveId, 1],
      ["not-a-token", liveId, 1],
      [env.world.token, liveId, liveSeq + 1],
      [env.world.token, liveId, -1],
      [env.world.token, liveId, "1"],
      [env.world.token, 42, 1],
      [42, liveId, 1],
    ] as const) {
      const client = resume(token, sessionId, seq);
      expect(await refused(client), JSON.stringify([token, sessionId, seq])).toEqual({
        op: 9,
        d: false,
        s: null,
        t: null,
      });
      client.send({ op: 2, d: { token: env.world.token, intents: 0, properties: {} } });
      expect((await client.dispatch("READY")).s).toBe(1);
      client.drop(1000);
    }
    // The refusals did not spoil the dropped session for its own bot.
    const resumed = resume(env.world.token, liveId, liveSeq);
    await resumed.dispatch("RESUMED");
    resumed.drop(1000);
  });
});

/** The spec's deadlines at their real values (Identify within 30 s, heartbeat timeout 1.625 times the interval, Resume within 2 minutes). */
describe("gateway deadlines (fake socket, fake timers)", () => {
  const heartbeatTimeoutMs = Math.round(DEFAULT_HEARTBEAT_INTERVAL_MS * 1.625);

  // Only the timeouts are faked: the database and the sockets under the node keep real time.
  beforeEach(() => void vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => void vi.useRealTimers());

  it("gives the spec's heartbeat interval in Hello", () => {
    const client = FakeGatewayClient.connect(gateway());
    expect(client.frames).toEqual([{ op: 10, d: { heartbeat_interval: 41_250 }, s: null, t: null }]);
    client.drop(1000);
  });

  it("closes 4003 when no Identify arrives within 30 seconds, not before", () => {
    const client = FakeGatewayClient.connect(gateway());
    vi.advanceTimersByTime(29_999);
    expect(client.closeCode).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(client.closeCode).toBe(4003);
    expect(client.frames.map((f) => f.op)).toEqual([10]);
  });

  it("closes 4009 and ends the session when no heartbeat arrives within the timeout, not before", async () => {
    const client = await FakeGatewayClient.identified(gateway(), env.world.token);
    const id = client.ready.d.session_id as string;
    vi.advanceTimersByTime(heartbeatTimeoutMs - 1);
    expect(client.closeCode).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(client.closeCode).toBe(4009);
    expect(gateway().sessions.get(id)).toBeUndefined();
  });

  it("keeps a heartbeating connection open well past the timeout, each heartbeat ACKed", async () => {
    const client = await FakeGatewayClient.identified(gateway(), env.world.token);
    for (let beat = 0; beat < 6; beat++) {
      vi.advanceTimersByTime(DEFAULT_HEARTBEAT_INTERVAL_MS);
      client.send({ op: 1, d: null });
    }
    expect(client.frames.filter((f) => f.op === 11)).toHaveLength(6);
    vi.advanceTimersByTime(heartbeatTimeoutMs - 1);
    expect(client.closeCode).toBeUndefined();
    client.drop(1000);
  });

  it("never sends Reconnect (op 7) or a heartbeat request (op 1), up to the timeout's close", async () => {
    const client = await FakeGatewayClient.identified(gateway(), env.world.token);
    vi.advanceTimersByTime(heartbeatTimeoutMs);
    expect(client.closeCode).toBe(4009);
    expect(client.frames.some((f) => f.op === 7 || f.op === 1)).toBe(false);
  });

  it("answers op 9 with d false once a dropped session's 2 minutes are over", async () => {
    const client = await FakeGatewayClient.identified(gateway(), env.world.token);
    const id = client.ready.d.session_id as string;
    client.drop();
    expect(gateway().sessions.get(id)?.attached).toBe(false);
    vi.advanceTimersByTime(120_000);
    expect(gateway().sessions.get(id)).toBeUndefined();
    const late = FakeGatewayClient.connect(gateway());
    late.send({ op: 6, d: { token: env.world.token, session_id: id, seq: client.ready.s } });
    expect(await late.next((f) => f.op === 9)).toEqual({ op: 9, d: false, s: null, t: null });
    late.drop(1000);
  });

  it("resumes within the 2 minutes, and the session resumed outlives them", async () => {
    const client = await FakeGatewayClient.identified(gateway(), env.world.token);
    const id = client.ready.d.session_id as string;
    client.drop();
    vi.advanceTimersByTime(119_999);
    const resumed = FakeGatewayClient.connect(gateway());
    resumed.send({ op: 6, d: { token: env.world.token, session_id: id, seq: client.ready.s } });
    await resumed.dispatch("RESUMED");
    vi.advanceTimersByTime(1_000);
    expect(gateway().sessions.get(id)?.attached).toBe(true);
    resumed.drop(1000);
  });
});
