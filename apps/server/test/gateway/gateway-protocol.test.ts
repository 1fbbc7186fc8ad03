import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient, waitFor } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

describe("gateway connection protocol", () => {
  const env = useTestServer();

  const MISSING = Symbol("missing");
  const identify = (token: string, intents: unknown = Intents.Guilds, extra: Record<string, unknown> = {}) => ({
    op: 2,
    d: { token, ...(intents === MISSING ? {} : { intents }), properties: { os: "linux", browser: "test", device: "test" }, ...extra },
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

  it("closes 4001 on an unknown opcode, including opcodes only the service sends", async () => {
    for (const op of [99, 5, 10, 11]) {
      const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
      client.send({ op, d: null });
      expect((await client.closed).code).toBe(4001);
    }
  });

  it("closes 4002 on a payload that is not valid JSON", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    client.sendRaw("{not json");
    expect((await client.closed).code).toBe(4002);
  });

  it("closes 4002 without Hello when the encoding, version or compression is not supported", async () => {
    for (const query of ["?v=10&encoding=etf", "?v=9&encoding=json", "?v=10&encoding=json&compress=zstd-stream", "?v=10&encoding=json&compress=zlib"]) {
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

  it("closes 4004 for a wrong token, a malformed one, and a token replaced by a reset", async () => {
    const other = await env.t.seed.world();
    const stale = other.token;
    await env.t.server.ctx.domain.applications.resetBotToken(other.owner.id, other.app.application.id);
    for (const token of [`${env.world.token.slice(0, -3)}abc`, "not-a-token", stale, 42]) {
      const client = await RawGatewayClient.connect(env.t);
      await client.next((f) => f.op === 10);
      client.send(identify(token as string));
      expect((await client.closed).code).toBe(4004);
    }
  });

  it("closes 4005 on a second Identify", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    client.send(identify(env.world.token));
    expect((await client.closed).code).toBe(4005);
  });

  it("closes 4013 when intents are missing, not a non-negative integer, or carry undefined bits", async () => {
    for (const intents of [MISSING, null, "513", 1.5, -1, 1 << 30, 2 ** 40]) {
      const client = await RawGatewayClient.connect(env.t);
      await client.next((f) => f.op === 10);
      client.send(identify(env.world.token, intents));
      expect((await client.closed).code, `intents ${String(intents)}`).toBe(4013);
    }
  });

  it("closes 4010 for a shard that is not [id, count] with 0 <= id < count", async () => {
    for (const shard of [[1, 1], [0, 0], [-1, 2], [0], "0,1"]) {
      const client = await RawGatewayClient.connect(env.t);
      await client.next((f) => f.op === 10);
      client.send(identify(env.world.token, 0, { shard }));
      expect((await client.closed).code, JSON.stringify(shard)).toBe(4010);
    }
  });

  it("closes 4008 when a bot opens more than 16 sessions at once", async () => {
    const crowd = await env.t.seed.world();
    const clients = [];
    for (let i = 0; i < 16; i++) clients.push(await RawGatewayClient.identified(env.t, crowd.token, 0));
    const extra = await RawGatewayClient.connect(env.t);
    await extra.next((f) => f.op === 10);
    extra.send(identify(crowd.token, 0));
    expect((await extra.closed).code).toBe(4008);
    await Promise.all(clients.map((c) => c.close()));
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
    client.send({ op: 4, d: { guild_id: env.world.guild.id.toString(), channel_id: null, self_mute: false, self_deaf: false } });
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
