import { randomBytes } from "node:crypto";
import { Permission } from "@chat/domain";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PresenceChange, RedisPresence, type ShownStatus } from "@chat/presence";
import { gatewayRedis } from "../../src/gateway/redis-shared";
import { type Frame, Intents, RawGatewayClient, waitFor } from "../support/gateway-client";
import { createTestStorage, startTestServer, storageMode, type TestServer, type TestStorage } from "../support/harness";

type World = Awaited<ReturnType<TestServer["seed"]["world"]>>;

const presencesOf = (frames: Frame[], userId: string) =>
  frames.filter((f) => f.t === "PRESENCE_UPDATE" && f.d.user.id === userId).map((f) => f.d.status as string);

// Two presence states on one Redis namespace stand for two nodes.
if (process.env.TEST_REDIS_URL) {
  describe("presence state in Redis: a node taken for dead", () => {
    const url = process.env.TEST_REDIS_URL as string;
    const namespace = `test-${randomBytes(6).toString("hex")}`;
    const channel = `chat:events:${namespace}`;
    const connections = [gatewayRedis(url), gatewayRedis(url)];
    // x stands for a stalled node: it shows no sign of life but its writes.
    const x = new RedisPresence(connections[0]!, namespace, { nodeId: "x", channel, heartbeatMs: 600_000 });
    const y = new RedisPresence(connections[1]!, namespace, { nodeId: "y", channel, heartbeatMs: 100 });
    afterAll(async () => {
      await Promise.all([x.close(), y.close()]);
      await Promise.all(connections.map((r) => r.quit()));
    });

    it("has its views dropped by one other node, which announces the change; told so, it writes them again", async () => {
      const changes: [string, PresenceChange][] = [];
      y.onChange((userId, change) => changes.push([userId, change]));
      let lapses = 0;
      x.onLapse(() => lapses++);
      const { change } = await x.update("42", { status: "idle" as ShownStatus });
      expect(change).toMatchObject({ status: "idle" });
      expect(await y.statuses(["42", "43"])).toEqual(new Map([["42", "idle"]]));

      await connections[0]!.del(`chat:gateway:${namespace}:node:x`);
      expect(await y.statuses(["42"])).toEqual(new Map());
      await waitFor(() => changes.length > 0);
      expect(changes).toEqual([["42", { status: "offline", version: (change?.version ?? 0) + 1 }]]);
      expect(await connections[0]!.hlen(`chat:gateway:${namespace}:presence:42`)).toBe(0);
      // Its next write tells it, so it writes its other views again (the tracker does, on lapse).
      expect(await x.update("43", null)).toEqual({ at: expect.any(Number), change: null });
      expect(lapses).toBe(1);
      expect(await x.update("42", { status: "idle" as ShownStatus, at: 1 })).toMatchObject({
        change: { status: "idle" },
      });
      expect(await y.statuses(["42"])).toEqual(new Map([["42", "idle"]]));
      expect(changes).toHaveLength(1);
    });
  });
}

// Nodes in this process on one PostgreSQL database and one Redis namespace.
if (storageMode === "postgres" && process.env.TEST_REDIS_URL) {
  describe("several nodes: a bot's presence is shared", () => {
    let storage: TestStorage;
    let a: TestServer;
    let b: TestServer;
    let redis: Redis;
    let world: World;
    /** A second bot in the world's guild, watching presences. */
    let watcher: { token: string; id: string };
    beforeAll(async () => {
      storage = await createTestStorage();
      a = await startTestServer({ storage });
      b = await startTestServer({ storage });
      redis = new Redis(process.env.TEST_REDIS_URL as string);
      world = await a.seed.world();
      const app = await a.seed.app(world.owner.id);
      await a.server.ctx.domain.members.addBot(
        world.owner.id,
        world.guild.id,
        app.application.id,
        Permission.ViewChannel | Permission.SendMessages,
      );
      watcher = { token: app.botToken, id: app.botUser.id.toString() };
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      redis?.disconnect();
      await storage?.drop();
    });

    const botId = () => world.botUserId.toString();
    const keys = () => `chat:gateway:${storage.redisNamespace}`;
    const watch = async (node: TestServer) => {
      const client = await RawGatewayClient.identified(
        node,
        watcher.token,
        Intents.Guilds | Intents.GuildPresences | Intents.GuildMessages,
      );
      const created = await client.dispatch("GUILD_CREATE");
      return Object.assign(client, { created });
    };
    const listed = (client: { created: Frame }) =>
      (client.created.d.presences as any[]).find((p) => p.user.id === botId())?.status;
    const presenceOf = (client: RawGatewayClient, status: string) =>
      client.dispatch("PRESENCE_UPDATE", (d) => d.user.id === botId() && d.status === status);
    /** Every frame an observer got up to a message posted after whatever came before. */
    const barrier = async (observers: RawGatewayClient[], content: string) => {
      await a.server.ctx.domain.messages.create(world.text.id, world.owner.id, { content });
      return Promise.all(observers.map((o) => o.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === content)));
    };

    it("keeps a bot with sessions on two nodes online until its last session anywhere ends, then announces offline once", async () => {
      const [onA, onB] = [await watch(a), await watch(b)];
      const first = await RawGatewayClient.identified(a, world.token, 0);
      await Promise.all([presenceOf(onA, "online"), presenceOf(onB, "online")]);
      const second = await RawGatewayClient.identified(b, world.token, 0);
      await first.close();
      const meanwhile = await barrier([onA, onB], "after the first session");
      for (const frames of meanwhile) expect(presencesOf(frames, botId())).toEqual([]);
      const late = await watch(a);
      expect(listed(late)).toBe("online");

      await second.close();
      await Promise.all([presenceOf(onA, "offline"), presenceOf(onB, "offline")]);
      await barrier([onA, onB], "after the second session");
      for (const observer of [onA, onB]) expect(presencesOf(observer.frames, botId())).toEqual(["online", "offline"]);
      expect(listed(await watch(b))).toBeUndefined();
      await Promise.all([onA.close(), onB.close(), late.close()]);
    });

    it("shows the status set last on any node, and the one left when that session ends", async () => {
      const observer = await watch(a);
      const first = await RawGatewayClient.identified(a, world.token, 0);
      await presenceOf(observer, "online");
      const second = await RawGatewayClient.identified(b, world.token, 0, {
        presence: { status: "idle", since: null, activities: [], afk: false },
      });
      await presenceOf(observer, "idle");
      first.send({ op: 3, d: { since: null, status: "dnd", afk: false, activities: [] } });
      await presenceOf(observer, "online");
      await first.close();
      await presenceOf(observer, "idle");
      await second.close();
      await presenceOf(observer, "offline");
      await observer.close();
    });

    it("lets a node started after the bot went online list it in GUILD_CREATE and member chunks", async () => {
      const observer = await watch(a);
      const bot = await RawGatewayClient.identified(a, world.token, 0, {
        presence: { status: "idle", since: null, activities: [], afk: false },
      });
      await presenceOf(observer, "idle");
      const c = await startTestServer({ storage });
      try {
        const holder = await watch(c);
        expect(listed(holder)).toBe("idle");
        holder.send({
          op: 8,
          d: { guild_id: world.guild.id.toString(), user_ids: [botId()], presences: true, nonce: "p" },
        });
        const chunk = await holder.dispatch("GUILD_MEMBERS_CHUNK", (d) => d.nonce === "p");
        expect(chunk.d.presences).toEqual([
          {
            user: { id: botId() },
            guild_id: world.guild.id.toString(),
            status: "idle",
            activities: [],
            client_status: { web: "idle" },
          },
        ]);
        await holder.close();
      } finally {
        await c.close();
      }
      await bot.close();
      await presenceOf(observer, "offline");
      await observer.close();
    });

    it("stops counting a node whose liveness lapsed: its bots show offline, announced once", async () => {
      const c = await startTestServer({ storage });
      const [onA, onB] = [await watch(a), await watch(b)];
      const bot = await RawGatewayClient.identified(c, world.token, 0);
      await Promise.all([presenceOf(onA, "online"), presenceOf(onB, "online")]);
      const [nodeOfC] = await redis.hkeys(`${keys()}:presence:${botId()}`);
      expect(nodeOfC).toBeDefined();
      // C stops without a word (its sessions are left to the others, its views stay in Redis)...
      await c.close();
      await bot.closed;
      expect(listed(await watch(a))).toBe("online");
      // ...and is taken for dead once its liveness key is gone.
      await redis.del(`${keys()}:node:${nodeOfC}`);
      expect(listed(await watch(b))).toBeUndefined();
      await Promise.all([presenceOf(onA, "offline"), presenceOf(onB, "offline")]);
      await barrier([onA, onB], "after the dead node");
      for (const observer of [onA, onB]) expect(presencesOf(observer.frames, botId())).toEqual(["online", "offline"]);
      expect(await redis.hlen(`${keys()}:presence:${botId()}`)).toBe(0);
      await Promise.all([onA.close(), onB.close()]);
    });
  });
} else if (!process.env.TEST_REDIS_URL) {
  describe("one node", () => {
    it("keeps presences in memory: after a restart on the same storage nobody is online", async () => {
      const storage = await createTestStorage();
      try {
        const first = await startTestServer({ storage });
        const world = await first.seed.world();
        const app = await first.seed.app(world.owner.id);
        await first.server.ctx.domain.members.addBot(
          world.owner.id,
          world.guild.id,
          app.application.id,
          Permission.ViewChannel,
        );
        const observer = await RawGatewayClient.identified(
          first,
          app.botToken,
          Intents.Guilds | Intents.GuildPresences,
        );
        const bot = await RawGatewayClient.identified(first, world.token, 0);
        await observer.dispatch(
          "PRESENCE_UPDATE",
          (d) => d.user.id === world.botUserId.toString() && d.status === "online",
        );
        await first.close();
        await Promise.all([bot.closed, observer.closed]);
        const second = await startTestServer({ storage });
        const again = await RawGatewayClient.identified(second, app.botToken, Intents.Guilds | Intents.GuildPresences);
        expect((await again.dispatch("GUILD_CREATE")).d.presences).toEqual([]);
        await again.close();
        await second.close();
      } finally {
        await storage.drop();
      }
    });
  });
}
