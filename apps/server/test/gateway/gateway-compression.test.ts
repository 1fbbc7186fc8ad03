import { constants, inflateSync } from "node:zlib";
import { CompressionMethod, WebSocketManager, WebSocketShardEvents } from "@discordjs/ws";
import { Client, Events, GatewayIntentBits, REST } from "discord.js";
import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

const SYNC_FLUSH_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);
const ZLIB_STREAM = "?v=10&encoding=json&compress=zlib-stream";

describe("gateway transport compression (compress=zlib-stream)", () => {
  const env = useTestServer();

  /** Records the query of every gateway upgrade, to see what real clients asked for. */
  const upgradeQueries = () => {
    const queries: string[] = [];
    const gateway = env.t.server.gateway;
    const original = gateway.handleUpgrade.bind(gateway);
    gateway.handleUpgrade = (request, socket, head) => {
      queries.push(new URL(request.url ?? "/", "http://x").search);
      original(request, socket, head);
    };
    const restore = () => {
      gateway.handleUpgrade = original;
    };
    return { queries, restore };
  };

  it("sends every payload as a binary frame ending in 00 00 ff ff, all from one zlib stream", async () => {
    const client = await RawGatewayClient.identified(
      env.t,
      env.world.token,
      Intents.Guilds | Intents.GuildMessages,
      {},
      ZLIB_STREAM,
    );
    await client.dispatch("GUILD_CREATE");
    await env.t.server.ctx.domain.messages.create(env.world.text.id, env.world.owner.id, { content: "squeezed" });
    await client.dispatch("MESSAGE_CREATE", (d) => d.content === "squeezed");

    expect(client.frames.map((f) => f.t ?? f.op)).toEqual([10, "READY", "GUILD_CREATE", "MESSAGE_CREATE"]);
    for (const frame of client.raw) {
      expect(frame.binary).toBe(true);
      expect(frame.data.subarray(-4).equals(SYNC_FLUSH_TAIL)).toBe(true);
    }
    // One stream: only the first frame carries the zlib header (78 xx), and the frames cannot
    // be inflated on their own, but their concatenation is every payload in order.
    expect(client.raw[0]?.data[0]).toBe(0x78);
    expect(() => inflateSync(client.raw[2]!.data, { finishFlush: constants.Z_SYNC_FLUSH })).toThrow();
    const whole = inflateSync(Buffer.concat(client.raw.map((r) => r.data)), {
      finishFlush: constants.Z_SYNC_FLUSH,
    }).toString();
    expect(whole).toBe(client.texts.join(""));
    await client.close();
  });

  it("sends plain text frames without compress", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
    await client.dispatch("GUILD_CREATE");
    expect(client.raw.every((r) => !r.binary)).toBe(true);
    expect(JSON.parse(client.raw[0]!.data.toString())).toMatchObject({ op: 10 });
    await client.close();
  });

  it("compresses the same event data every other receiver gets", async () => {
    const zipped = await RawGatewayClient.identified(env.t, env.world.token, Intents.GuildMessages, {}, ZLIB_STREAM);
    const plain = await RawGatewayClient.identified(env.t, env.world.token, Intents.GuildMessages);
    const sent = await env.t.server.ctx.domain.messages.create(env.world.text.id, env.world.owner.id, {
      content: "same json",
    });
    await zipped.dispatch("MESSAGE_CREATE", (d) => d.id === sent.id);
    await plain.dispatch("MESSAGE_CREATE", (d) => d.id === sent.id);
    const dataOf = (texts: string[]) => texts.find((x) => x.includes(`"id":"${sent.id}"`))!.replace(/"s":\d+/, "");
    expect(dataOf(zipped.texts)).toBe(dataOf(plain.texts));
    await Promise.all([zipped.close(), plain.close()]);
  });

  it("lets @discordjs/ws with node's zlib (CompressionMethod.ZlibNative) reach READY", async () => {
    const upgrades = upgradeQueries();
    const rest = new REST({ api: env.t.api, version: "10" }).setToken(env.world.token);
    const manager = new WebSocketManager({
      token: env.world.token,
      intents: GatewayIntentBits.Guilds,
      rest,
      compression: CompressionMethod.ZlibNative,
    });
    const ready = new Promise<any>((resolve) =>
      manager.on(WebSocketShardEvents.Dispatch, (payload: any) => payload.t === "READY" && resolve(payload)),
    );
    try {
      await manager.connect();
      const payload = await ready;
      expect(payload.d.user.id).toBe(env.world.botUserId.toString());
      expect(upgrades.queries.some((q) => q.includes("compress=zlib-stream"))).toBe(true);
    } finally {
      upgrades.restore();
      await manager.destroy();
    }
  });

  it("lets discord.js with zlib-sync installed reach ready over zlib-stream", async () => {
    const upgrades = upgradeQueries();
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: env.t.api, version: "10" } });
    try {
      const ready = new Promise<Client<true>>((resolve) => client.once(Events.ClientReady, resolve));
      await client.login(env.world.token);
      const c = await ready;
      expect(c.guilds.cache.get(env.world.guild.id.toString())?.available).toBe(true);
      expect(upgrades.queries.some((q) => q.includes("compress=zlib-stream"))).toBe(true);
    } finally {
      upgrades.restore();
      await client.destroy();
    }
  });
});
