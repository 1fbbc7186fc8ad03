import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { type ApiContext, createCaller, type LiveEventFrame, LiveHub, type SessionCookie } from "@chat/api";
import { hashPassword, verifyPassword } from "@chat/auth/password";
import { channelViewers, createDomain, type Domain, systemClock } from "@chat/domain";
import {
  type EventBus,
  HubClientBus,
  internalSecret,
  RedisBus,
  WEB_SESSIONS_END,
  type WebSessionsEndEvent,
} from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";
import { startWebNode, type WebNode } from "../support/web-node";

const chatctlPath = resolve(__dirname, "../../src/cli/chatctl.ts");

describe("web sessions across processes", () => {
  const env = useTestServer({ world: false });
  const nodes: WebNode[] = [];

  async function webNode(): Promise<WebNode> {
    const node = await startWebNode(env.t);
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
    for (const node of nodes) await node.close();
  });

  async function personInGuild() {
    const person = await env.t.seed.person();
    const guild = await env.t.seed.guild(person.id);
    const channelId = guild.channels.find((c) => c.type === 0)?.id.toString() as string;
    return { person, guild, channelId };
  }

  const signIn = (node: WebNode, userId: bigint): Promise<SessionCookie> => node.signIn(userId);

  /**
   * Opens `live.stream` on `node` with `session`, reads its first frame, runs `end` (anywhere),
   * and answers how long after the session ended (its row's `endedAt`) the stream failed with UNAUTHORIZED.
   */
  async function msUntilStreamEnds(
    node: WebNode,
    session: SessionCookie,
    end: () => Promise<unknown>,
  ): Promise<number> {
    const controller = new AbortController();
    try {
      const stream = (await node.caller(session, controller.signal).live.stream({}))[Symbol.asyncIterator]();
      expect((await stream.next()).value).toMatchObject({ kind: "ready" });
      // Events may still arrive (the person's own presence going online); the stream must end with the error.
      const settled = (async () => {
        for (;;) if ((await stream.next()).done) return;
      })().then(
        () => ({ at: Date.now(), error: null as unknown }),
        (error: unknown) => ({ at: Date.now(), error }),
      );
      await end();
      const outcome = await settled;
      expect(outcome.error).toMatchObject({ code: "UNAUTHORIZED" });
      const row = await env.t.server.ctx.database.prisma.webSession.findUniqueOrThrow({
        where: { id: session.sessionId },
      });
      return outcome.at - (row.endedAt as Date).getTime();
    } finally {
      controller.abort();
    }
  }

  it("sign-out on one web node ends the session's open stream on another within a second", async () => {
    const { person } = await personInGuild();
    const session = await signIn(nodeA, person.id);
    expect(await msUntilStreamEnds(nodeB, session, () => nodeA.domain.webSessions.end(session.sessionId))).toBeLessThan(
      1000,
    );
    await expect(nodeB.caller(session).account.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("log out everywhere on one web node ends the streams of every session on another within a second", async () => {
    const { person } = await personInGuild();
    const [here, there] = [await signIn(nodeA, person.id), await signIn(nodeB, person.id)];
    expect(await msUntilStreamEnds(nodeB, there, () => nodeA.caller(here).account.logOutEverywhere())).toBeLessThan(
      1000,
    );
  });

  it("a password change on one web node ends the person's other stream on another within a second, while the changing session's stream there goes on", async () => {
    const { person, channelId } = await personInGuild();
    const password = "amber falcon quarry 77";
    await env.t.server.ctx.database.prisma.user.update({
      where: { id: person.id },
      data: { passwordHash: await hashPassword(password) },
    });
    const [streaming, changing] = [await signIn(nodeB, person.id), await signIn(nodeA, person.id)];
    const controller = new AbortController();
    try {
      const kept = (await nodeB.caller(changing, controller.signal).live.stream({}))[Symbol.asyncIterator]();
      expect((await kept.next()).value).toMatchObject({ kind: "ready" });
      const change = () =>
        nodeA
          .caller(changing)
          .account.changePassword({ currentPassword: password, newPassword: "violet tractor mirror 42" });
      expect(await msUntilStreamEnds(nodeB, streaming, change)).toBeLessThan(1000);
      const sent = await nodeA.caller(changing).messages.send({ channelId, content: "still here" });
      const isSent = (frame: LiveEventFrame) =>
        frame.t === GatewayDispatchEvents.MessageCreate && (frame.d as { id: string }).id === sent.id;
      for (
        let next = await kept.next();
        !(Array.isArray(next.value) && isSent(next.value[1]));
        next = await kept.next()
      )
        expect(next.done).toBe(false);
    } finally {
      controller.abort();
    }
  });

  it("`chatctl user suspend`, run in its own process, ends the person's open stream on a web node within a second", async () => {
    const { person } = await personInGuild();
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
        const child = spawn(
          process.execPath,
          ["--import", "tsx", chatctlPath, "user", "suspend", "--username", person.username, "--json"],
          {
            env: { ...process.env, ...cliEnv },
            stdio: ["ignore", "ignore", "pipe"],
          },
        );
        let stderr = "";
        child.stderr.on("data", (d) => (stderr += d));
        child.on("close", (code) => (code === 0 ? done() : fail(new Error(`chatctl exited ${code}: ${stderr}`))));
      });
    expect(await msUntilStreamEnds(nodeB, session, suspend)).toBeLessThan(1000);
  });

  it("the session-ended event is internal: the gateway dispatches it to no bot and closes no bot session", async () => {
    // Internal events never reach the dispatcher (its type takes dispatch events only).
    const world = await env.t.seed.world();
    const bot = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds | Intents.GuildMessages);
    try {
      const session = await signIn(nodeA, world.owner.id);
      await nodeA.caller(session).account.logOutEverywhere();
      // Even one addressed to the bot's own user id is not dispatched.
      const addressedToBot: WebSessionsEndEvent = {
        t: WEB_SESSIONS_END,
        d: { sessionIds: ["x".repeat(43)] },
        userIds: [world.botUserId.toString()],
        internal: true,
      };
      await nodeA.bus.publish(addressedToBot);
      // A barrier: an ordinary event after them reaches the bot, and nothing internal came before it.
      const barrier = await env.t.server.ctx.domain.messages.create(world.text.id, world.owner.id, {
        content: "barrier",
      });
      const frames = await bot.until((f) => f.t === "MESSAGE_CREATE" && f.d.id === barrier.id);
      expect(frames.map((f) => f.t)).not.toContain(WEB_SESSIONS_END);
      expect(env.t.server.gateway.sessions.ofUser(world.botUserId.toString())).toHaveLength(1);
    } finally {
      await bot.close();
    }
  });
});
