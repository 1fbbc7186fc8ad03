import { describe, expect, it } from "vitest";
import { RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

/**
 * The deadlines over a real socket, with short injected values: one test per path. The heartbeat
 * timeout and the resume window run at the spec's values on fake timers in
 * gateway-protocol.test.ts; the heartbeat timeout is long here so that only the deadline under
 * test can close a connection, however slowly the machine answers.
 */
describe("gateway deadlines", () => {
  const options = {
    heartbeatIntervalMs: 300,
    heartbeatTimeoutMs: 60_000,
    identifyTimeoutMs: 400,
    payloadLimit: { count: 20, windowMs: 60_000 },
  };
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

  it("closes 4008 when a connection sends more payloads than the limit in one window", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    for (let i = 0; i < options.payloadLimit.count; i++) client.send({ op: 1, d: null });
    expect((await client.closed).code).toBe(4008);
  });
});
