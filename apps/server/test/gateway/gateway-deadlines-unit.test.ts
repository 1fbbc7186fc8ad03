import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_HEARTBEAT_INTERVAL_MS } from "../../src/gateway/options";
import { FakeGatewayClient } from "../support/fake-gateway-client";
import { useTestServer } from "../support/harness";

/**
 * The spec's deadlines at their real values (heartbeat interval 41.25 s, timeout 1.625 times it,
 * Identify within 30 s, Resume within 2 minutes), on fake timers: the node's gateway on a socket
 * without a network. gateway-timers.test.ts keeps one real-socket test of a deadline.
 */
describe("gateway deadlines (fake socket, fake timers)", () => {
  const env = useTestServer();
  const gateway = () => env.t.server.gateway;
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
