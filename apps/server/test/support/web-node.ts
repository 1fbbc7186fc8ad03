import {
  type ApiContext,
  createCaller,
  LiveHub,
  type LiveEventFrame,
  type LiveReadyFrame,
  type SessionCookie,
} from "@chat/api";
import { hashPassword, verifyPassword } from "@chat/auth/password";
import { channelViewers, createDomain, type Domain, systemClock } from "@chat/domain";
import type { ShortLived } from "@chat/ephemeral";
import type { EventBus } from "@chat/events";
import { createInfrastructure } from "@chat/infrastructure";
import { type Presence, TabPresence } from "@chat/presence";
import { createMemoryRateLimitStore, type RateLimitStore, signUpLimits } from "@chat/rate-limit";
import type { TestServer } from "./test-server";

/**
 * A web app process as the web app builds it (apps/web/src/server/context.ts): its own bus
 * client (the server's hub, or Redis), the domain on the shared database, people's presence
 * (the server's memory over its internal API, or Redis) fed by its live streams' tabs, with
 * tRPC calls made as the tRPC route handler makes them.
 */
export interface WebNode {
  bus: EventBus;
  domain: Domain;
  live: LiveHub;
  presence: Presence;
  /** Ephemeral messages as the web app reaches them (Redis, or the server's memory over its internal API). */
  shortLived: ShortLived;
  rateLimits: RateLimitStore;
  caller(session: SessionCookie, signal?: AbortSignal): ReturnType<typeof createCaller>;
  /** Signs the person in on this node: a new web session. */
  signIn(userId: bigint): Promise<SessionCookie>;
  /** Opens a browser tab's live stream on this node (signed in anew); resolves once it is ready. */
  openTab(userId: bigint): Promise<LiveTab>;
  close(): Promise<void>;
}

export interface WebNodeOptions {
  /** How long a closed tab keeps its person online (the web app's default otherwise). */
  tabGraceMs?: number;
}

export async function startWebNode(t: TestServer, options: WebNodeOptions = {}): Promise<WebNode> {
  const { server, storage } = t;
  const infrastructure = createInfrastructure({
    role: "client",
    redisUrl: storage.redisUrl,
    namespace: storage.redisNamespace,
    dataDir: storage.dataDir,
    hubUrl: `ws://127.0.0.1:${server.port}/internal/bus`,
  });
  const { bus, shortLived } = infrastructure;
  if (!(await infrastructure.connected())) throw new Error("the web node did not reach the event hub");
  const db = server.ctx.database.prisma;
  const domain = createDomain({
    db,
    bus,
    urls: server.ctx.urls,
    clock: systemClock,
    attachmentSigningKey: server.ctx.domain.ctx.attachmentSigningKey,
    shortLived: shortLived.store,
  });
  const presence = infrastructure.presence({
    guildIdsOf: async (userId) => (await domain.guilds.guildIdsOf(BigInt(userId))).map(String),
  });
  const tabs = new TabPresence(presence.tracker, { graceMs: options.tabGraceMs });
  const live = new LiveHub(bus, channelViewers(db), { presence: tabs });
  // Its own counters in memory, whatever the deployment (a test's people limits stay its own).
  const rateLimits = createMemoryRateLimitStore("web-node");
  const context = (session: SessionCookie): ApiContext => ({
    domain,
    bus,
    live,
    presences: presence.store,
    passwords: { hash: hashPassword, verify: verifyPassword },
    session,
    rateLimits,
    signUpLimits: signUpLimits({ accounts: 1000, attempts: 1000 }),
    clientAddress: "192.0.2.1",
  });
  return {
    bus,
    domain,
    live,
    presence,
    shortLived,
    rateLimits,
    caller: (session, signal) => createCaller(context(session), { signal }),
    signIn: async (userId) => ({ sessionId: (await domain.webSessions.start(userId)).id, userId }),
    async openTab(userId) {
      const session = { sessionId: (await domain.webSessions.start(userId)).id, userId };
      return openLiveTab((signal) => createCaller(context(session), { signal }).live.stream({ lastEventId: null }));
    },
    async close() {
      live.close();
      tabs.close();
      await presence.close();
      await rateLimits.close();
      // The short-lived store, then the bus.
      await infrastructure.close();
    },
  };
}

/** One browser tab's live stream, read as the browser reads it. */
export interface LiveTab {
  /** The event frames so far, in order. */
  events(): LiveEventFrame[];
  /** Resolves with the first event frame (from the start) matching `match`. */
  until(match: (frame: LiveEventFrame) => boolean, timeoutMs?: number): Promise<LiveEventFrame>;
  /** Closes the tab (its stream's request is aborted). */
  close(): void;
}

async function openLiveTab(subscribe: (signal: AbortSignal) => Promise<AsyncIterable<unknown>>): Promise<LiveTab> {
  const controller = new AbortController();
  const iterator = (await subscribe(controller.signal))[Symbol.asyncIterator]();
  const frames: (LiveReadyFrame | LiveEventFrame)[] = [];
  const waiting: { wake?: () => void } = {};
  void (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      // In-process, a tracked frame comes as [cursor, frame].
      frames.push((Array.isArray(next.value) ? next.value[1] : next.value) as LiveReadyFrame | LiveEventFrame);
      waiting.wake?.();
    }
  })().catch(() => {});
  const events = () => frames.flatMap((frame) => (frame.kind === "event" ? [frame] : []));
  const wait = async (found: () => boolean, timeoutMs: number, what: () => string) => {
    const deadline = Date.now() + timeoutMs;
    while (!found()) {
      if (Date.now() > deadline) throw new Error(what());
      await new Promise<void>((resolve) => {
        waiting.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  };
  await wait(
    () => frames.length > 0,
    10_000,
    () => "the tab's stream did not open",
  );
  return {
    events,
    async until(match, timeoutMs = 10_000) {
      await wait(
        () => events().some(match),
        timeoutMs,
        () =>
          `no matching live event; got ${events()
            .map((e) => e.t)
            .join(", ")}`,
      );
      return events().find(match) as LiveEventFrame;
    },
    close: () => controller.abort(),
  };
}
