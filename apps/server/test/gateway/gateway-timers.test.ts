import { describe, expect, it } from "vitest";
import { RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

/** The spec's deadlines, run with short injected values. */
describe("gateway deadlines", () => {
  const options = { heartbeatIntervalMs: 300, heartbeatTimeoutMs: 600, identifyTimeoutMs: 400, payloadLimit: { count: 20, windowMs: 60_000 } };
  const env = useTestServer({ server: { gateway: options } });

  it("gives the configured heartbeat interval in Hello", async () => {
    const client = await RawGatewayClient.connect(env.t);
    expect((await client.next()).d).toEqual({ heartbeat_interval: 300 });
    await client.close();
  });

  it("closes 4003 when no Identify arrives within the deadline", async () => {
    const started = Date.now();
    const client = await RawGatewayClient.connect(env.t);
    expect((await client.closed).code).toBe(4003);
    expect(Date.now() - started).toBeGreaterThanOrEqual(options.identifyTimeoutMs - 20);
    expect(client.frames.map((f) => f.op)).toEqual([10]);
  });

  it("closes 4009 and ends the session when no heartbeat arrives within the timeout", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    const id = client.ready.d.session_id as string;
    expect((await client.closed).code).toBe(4009);
    expect(env.t.server.gateway.sessions.get(id)).toBeUndefined();
  });

  it("keeps a heartbeating connection open well past the timeout", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    const beat = setInterval(() => client.send({ op: 1, d: null }), options.heartbeatIntervalMs);
    await new Promise((r) => setTimeout(r, options.heartbeatTimeoutMs * 3));
    clearInterval(beat);
    expect(client.frames.filter((f) => f.op === 11).length).toBeGreaterThanOrEqual(4);
    const closed = await Promise.race([client.closed, new Promise((r) => setTimeout(() => r("open"), 10))]);
    expect(closed).toBe("open");
    await client.close();
  });

  it("never sends Reconnect (op 7) or a heartbeat request (op 1)", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    await client.closed;
    expect(client.frames.some((f) => f.op === 7 || f.op === 1)).toBe(false);
  });

  it("closes 4008 when a connection sends more payloads than the limit in one window", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    for (let i = 0; i < options.payloadLimit.count; i++) client.send({ op: 1, d: null });
    expect((await client.closed).code).toBe(4008);
  });
});
