import { randomBytes } from "node:crypto";
import { type DispatchEvent, type DomainEvent, EventHistory, GATEWAY_BUS_BARRIER, isPersonEvent, RedisBus } from "@chat/events";
import type { ServerContext } from "../../context";
import type { Dispatcher } from "../dispatch/dispatcher";
import type { GatewayOptions } from "../options";
import { gatewayRedis } from "../redis-shared";
import { RedisReplayStore } from "./redis-replay-store";
import { RedisSessionStore } from "./redis-session-store";
import { MemoryReplayStore, type ReplayStore } from "./replay-store";
import type { Session } from "./session";
import type { SessionRegistry } from "./session-registry";
import { MemorySessionStore, type SessionStore } from "./session-store";

/**
 * Where sessions are kept. One node (no Redis): in memory. Several nodes (ctx.redisUrl): the
 * records and replay buffers in Redis on one connection, plus this node's history of bus events,
 * so any node can take over a session of another, dead or alive (takeover.ts).
 */
export interface SessionStorage {
  replay: ReplayStore;
  store: SessionStore;
  /** Multi-node mode only. */
  history: EventHistory | null;
  /**
   * Resolves true once this node has heard every bus event published before the call (a
   * barrier event it publishes comes back to it: one Redis channel keeps publish order);
   * false if it does not come back in time.
   */
  heardEverything(): Promise<boolean>;
  close(): Promise<void>;
}

export function createSessionStorage(ctx: ServerContext, options: GatewayOptions): SessionStorage {
  if (!ctx.redisUrl) {
    const replay = new MemoryReplayStore(options.replayCapacity);
    const store = new MemorySessionStore();
    return {
      replay,
      store,
      history: null,
      heardEverything: async () => true,
      async close() {
        await store.close();
        await replay.close();
      },
    };
  }
  const redis = gatewayRedis(ctx.redisUrl);
  const nodeId = randomBytes(8).toString("hex");
  const store = new RedisSessionStore(redis, ctx.redisNamespace, { nodeId, resumeWindowMs: options.resumeWindowMs });
  const replay = new RedisReplayStore(redis, ctx.redisNamespace, options.replayCapacity, { nodeId, onRefused: (sessionId) => store.lost(sessionId) });
  const history = new EventHistory(options.historyLimit, options.resumeWindowMs + 60_000);
  const backfilled = ctx.bus instanceof RedisBus ? backfill(ctx.bus, history, options.resumeWindowMs + 60_000) : Promise.resolve();
  const barriers = new Map<string, () => void>();
  const unsubscribe = ctx.bus.subscribe((event) => {
    if (event.t === GATEWAY_BUS_BARRIER) barriers.get(event.d.nonce)?.();
  });
  return {
    replay,
    store,
    history,
    async heardEverything() {
      await backfilled;
      const nonce = `${nodeId}-${randomBytes(6).toString("hex")}`;
      return new Promise<boolean>((resolve) => {
        const done = (heard: boolean) => {
          clearTimeout(timer);
          barriers.delete(nonce);
          resolve(heard);
        };
        const timer = setTimeout(() => done(false), 5_000);
        barriers.set(nonce, () => done(true));
        ctx.bus.publish({ t: GATEWAY_BUS_BARRIER, d: { nonce }, internal: true }).catch(() => done(false));
      });
    },
    async close() {
      unsubscribe();
      await store.close();
      await replay.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** The bus events the gateway dispatches (the others close sessions or are for people's tabs). */
export function isBotDispatch(event: DomainEvent): event is DispatchEvent {
  return !event.internal && !isPersonEvent(event);
}

/**
 * A node that starts (a restart after a crash, or one more node) has not heard what the bus
 * carried before: it reads the stream back up to where it started listening, so it can take
 * over the sessions of a node that died as well as one that is alive. Must run in the tick the
 * gateway subscribes to the bus, so the two meet exactly.
 */
function backfill(bus: RedisBus, history: EventHistory, withinMs: number): Promise<void> {
  return bus.earlier(bus.heardUpTo, withinMs).then(
    (earlier) => history.prepend(earlier.flatMap(({ event, at }) => (isBotDispatch(event) ? [{ event, at }] : []))),
    (error) => console.error("gateway: could not read the bus's earlier events; sessions of nodes gone before this one started end", error),
  );
}

/**
 * Multi-node bookkeeping that must follow the bus order: a session's guild set is written
 * after the deliveries of the event that changed it, and a session moved to another node
 * leaves this one. Returns nothing to undo: it lives as long as the registry.
 */
export function linkSessionStorage(storage: SessionStorage, sessions: SessionRegistry, dispatcher: Dispatcher): void {
  const { store, history } = storage;
  if (!store.shared) return;
  store.onLost((sessionId) => sessions.handOver(sessionId));
  sessions.onMembership((session) => {
    const guildIds = [...session.guildIds];
    const marker = history?.latestId;
    dispatcher.afterPending(() => store.guilds(session.id, guildIds, marker));
  });
}

/**
 * The session has recorded its READY or its catch-up and whatever was held meanwhile: once
 * the deliveries of the events accepted so far are issued too, it may be taken over from here.
 */
export function markResumable(services: { store: SessionStore; history: EventHistory | null; dispatcher: Dispatcher }, session: Session): void {
  const { store, history, dispatcher } = services;
  if (!store.shared) return;
  const guildIds = [...session.guildIds];
  const marker = history?.latestId;
  dispatcher.afterPending(() => store.ready(session.id, guildIds, marker));
}
