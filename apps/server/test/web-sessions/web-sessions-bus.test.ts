import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { type ApiContext, createCaller, LiveHub, type SessionCookie } from "@chat/api";
import { hashPassword, verifyPassword } from "@chat/auth/password";
import { channelViewers, createDomain, type Domain, systemClock } from "@chat/domain";
import { type EventBus, HubClientBus, internalSecret, RedisBus, WEB_SESSIONS_END, type WebSessionsEndEvent } from "@chat/events";
import { createRateLimitStore, type RateLimitStore, signUpLimit } from "@chat/rate-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

const chatctlPath = resolve(__dirname, "../../src/cli/chatctl.ts");

/**
 * A web app process as the web app builds it (apps/web/src/server/context.ts): its own bus
 * client (the server's hub, or Redis) and the domain on the shared database, with tRPC calls
 * made as the tRPC route handler makes them.
 */
interface WebNode {
  bus: EventBus;
  domain: Domain;
  live: LiveHub;
  rateLimits: RateLimitStore;
  caller(session: SessionCookie, signal?: AbortSignal): ReturnType<typeof createCaller>;
}

describe("web sessions across processes", () => {
  const env = useTestServer({ world: false });
  const nodes: WebNode[] = [];

  async function webNode(): Promise<WebNode> {
    const { server, storage } = env.t;
    const bus: EventBus = storage.redisUrl
      ? new RedisBus(storage.redisUrl, `chat:events:${storage.redisNamespace}`)
      : new HubClientBus(`ws://127.0.0.1:${server.port}/internal/bus`, internalSecret(storage.dataDir));
    if (bus instanceof RedisBus) await bus.whenReady();
    if (bus instanceof HubClientBus) expect(await bus.whenReady()).toBe(true);
    const db = server.ctx.database.prisma;
    const domain = createDomain({ db, bus, urls: server.ctx.urls, clock: systemClock, attachmentSigningKey: server.ctx.domain.ctx.attachmentSigningKey });
    const live = new LiveHub(bus, channelViewers(db));
    const rateLimits = createRateLimitStore({ namespace: "web-node" });
    const context = (session: SessionCookie): ApiContext => ({
      domain,
      bus,
      live,
      passwords: { hash: hashPassword, verify: verifyPassword },
      session,
      rateLimits,
      signUpLimit: signUpLimit(1000),
      clientAddress: "192.0.2.1",
    });
    const node: WebNode = { bus, domain, live, rateLimits, caller: (session, signal) => createCaller(context(session), { signal }) };
    nodes.push(node);
    return node;
  }

  let nodeA: WebNode;
  let nodeB: WebNode;
  beforeAll(async () => {
    nodeA = await webNode();
    nodeB = await webNode();
  });
  afterAll(async () => {
    for (const node of nodes) {
      node.live.close();
      await node.rateLimits.close();
      await node.bus.close();
    }
  });

  async function personInGuild() {
    const person = await env.t.seed.person();
    const guild = await env.t.seed.guild(person.id);
    const channelId = guild.channels.find((c) => c.type === 0)?.id.toString() as string;
    return { person, guild, channelId };
  }

  async function signIn(node: WebNode, userId: bigint): Promise<SessionCookie> {
    return { sessionId: (await node.domain.webSessions.start(userId)).id, userId };
  }

  /**
   * Opens `messages.onChange` on `node` with `session`, runs `end` (anywhere), and answers how
   * long after the session ended (its row's `endedAt`) the stream failed with UNAUTHORIZED.
   */
  async function msUntilStreamEnds(node: WebNode, session: SessionCookie, channelId: string, end: () => Promise<unknown>): Promise<number> {
    const controller = new AbortController();
    try {
      const stream = await node.caller(session, controller.signal).messages.onChange({ channelId });
      const settled = stream[Symbol.asyncIterator]()
        .next()
        .then(
          () => ({ at: Date.now(), error: null as unknown }),
          (error: unknown) => ({ at: Date.now(), error }),
        );
      await end();
      const outcome = await settled;
      expect(outcome.error).toMatchObject({ code: "UNAUTHORIZED" });
      const row = await env.t.server.ctx.database.prisma.webSession.findUniqueOrThrow({ where: { id: session.sessionId } });
      return outcome.at - (row.endedAt as Date).getTime();
    } finally {
      controller.abort();
    }
  }

  it("sign-out on one web node ends the session's open stream on another within a second", async () => {
    const { person, channelId } = await personInGuild();
    const session = await signIn(nodeA, person.id);
    expect(await msUntilStreamEnds(nodeB, session, channelId, () => nodeA.domain.webSessions.end(session.sessionId))).toBeLessThan(1000);
    await expect(nodeB.caller(session).account.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("log out everywhere on one web node ends the streams of every session on another within a second", async () => {
    const { person, channelId } = await personInGuild();
    const [here, there] = [await signIn(nodeA, person.id), await signIn(nodeB, person.id)];
    expect(await msUntilStreamEnds(nodeB, there, channelId, () => nodeA.caller(here).account.logOutEverywhere())).toBeLessThan(1000);
  });

  it("`chatctl user suspend`, run in its own process, ends the person's open stream on a web node within a second", async () => {
    const { person, channelId } = await personInGuild();
    const session = await signIn(nodeB, person.id);
    const { server, storage } = env.t;
    const cliEnv: Record<string, string> = {
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl ?? "",
      EMBEDDED_DB_PORT: String(server.ctx.database.embedded?.port ?? 0),
      SERVER_INTERNAL_URL: `ws://127.0.0.1:${server.port}/internal/bus`,
      REDIS_URL: storage.redisUrl ?? "",
      REDIS_NAMESPACE: storage.redisNamespace,
    };
    const suspend = () =>
      new Promise<void>((done, fail) => {
        const child = spawn(process.execPath, ["--import", "tsx", chatctlPath, "user", "suspend", "--username", person.username, "--json"], {
          env: { ...process.env, ...cliEnv },
          stdio: ["ignore", "ignore", "pipe"],
        });
        let stderr = "";
        child.stderr.on("data", (d) => (stderr += d));
        child.on("close", (code) => (code === 0 ? done() : fail(new Error(`chatctl exited ${code}: ${stderr}`))));
      });
    expect(await msUntilStreamEnds(nodeB, session, channelId, suspend)).toBeLessThan(1000);
  });

  it("the session-ended event is internal: the gateway dispatches it to no bot and closes no bot session", async () => {
    // Internal events never reach the dispatcher (its type takes dispatch events only).
    const world = await env.t.seed.world();
    const bot = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds | Intents.GuildMessages);
    try {
      const session = await signIn(nodeA, world.owner.id);
      await nodeA.caller(session).account.logOutEverywhere();
      // Even one addressed to the bot's own user id is not dispatched.
      const addressedToBot: WebSessionsEndEvent = { t: WEB_SESSIONS_END, d: { sessionIds: ["x".repeat(43)] }, userIds: [world.botUserId.toString()], internal: true };
      await nodeA.bus.publish(addressedToBot);
      // A barrier: an ordinary event after them reaches the bot, and nothing internal came before it.
      const barrier = await env.t.server.ctx.domain.messages.create(world.text.id, world.owner.id, { content: "barrier" });
      const frames = await bot.until((f) => f.t === "MESSAGE_CREATE" && f.d.id === barrier.id);
      expect(frames.map((f) => f.t)).not.toContain(WEB_SESSIONS_END);
      expect(env.t.server.gateway.sessions.ofUser(world.botUserId.toString())).toHaveLength(1);
    } finally {
      await bot.close();
    }
  });
});
