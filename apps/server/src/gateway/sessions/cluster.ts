import { randomBytes } from "node:crypto";
import { join } from "node:path";
import {
  type DispatchEvent,
  type DomainEvent,
  EventHistory,
  GATEWAY_BUS_BARRIER,
  isPersonEvent,
  type RedisBus,
} from "@chat/events";
import type { ServerContext } from "../../context";
import type { Dispatcher } from "../dispatch/dispatcher";
import type { GatewayOptions } from "../options";
import type { ResumableMarking } from "../services";
import { gatewayRedis } from "../redis-shared";
import { GatewayJournal } from "./journal/gateway-journal";
import { JournalReplayStore, JournalSessionStore } from "./journal/journal-stores";
import { RedisReplayStore } from "./redis-replay-store";
import { RedisSessionStore } from "./redis-session-store";
import { MemoryReplayStore, type ReplayStore } from "./replay-store";
import type { Session } from "./session";
import type { SessionRegistry } from "./session-registry";
import { MemorySessionStore, type SessionStore } from "./session-store";

/**
 * Where sessions are kept. One node (no Redis): in memory and in the gateway journal in the
 * data folder. Several nodes (on Redis): the records and replay buffers in Redis on one
 * connection. Either way with a history of bus events, so a session of a dead node (or of
 * this node's last run) can be taken over (takeover.ts).
 */
export interface SessionStorage {
  replay: ReplayStore;
  store: SessionStore;
  history: EventHistory | null;
  /**
   * Resolves true once this node has heard every bus event published before the call (with
   * Redis a barrier event it publishes comes back to it: one Redis channel keeps publish
   * order; without it this node is the bus); false if it does not come back in time.
   */
  heardEverything(): Promise<boolean>;
  /** A bus event as the dispatcher takes it (the journal writes it down and names it). */
  accepted(event: DispatchEvent): DispatchEvent;
  close(): Promise<void>;
}

/** Sessions in this process's memory alone: lost with it. */
function memoryStorage(options: GatewayOptions): SessionStorage {
  const replay = new MemoryReplayStore(options.replayCapacity);
  const store = new MemorySessionStore();
  return {
    replay,
    store,
    history: null,
    accepted: (event) => event,
    heardEverything: async () => true,
    async close() {
      await store.close();
      await replay.close();
    },
  };
}

/**
 * One node (no Redis): sessions in memory and in the gateway journal in the data folder, so
 * that after a restart (a crash included) a bot's Resume takes its session over from the last
 * run as from a dead node: its recent frames replayed, what it missed caught up.
 */
function journalStorage(dir: string, options: GatewayOptions): SessionStorage {
  let journal: GatewayJournal;
  try {
    journal = new GatewayJournal(dir, {
      resumeWindowMs: options.resumeWindowMs,
      replayCapacity: options.replayCapacity,
      segmentMs: options.journalSegmentMs,
    });
  } catch (error) {
    console.error(
      `gateway: cannot keep sessions in ${dir} (${(error as Error).message}); bots will identify again after a restart`,
    );
    return memoryStorage(options);
  }
  const replay = new JournalReplayStore(journal, options.replayCapacity);
  const store = new JournalSessionStore(journal);
  const history = new EventHistory(options.historyLimit, options.resumeWindowMs + 60_000);
  history.prepend(journal.previous.events.filter(({ event }) => isBotDispatch(event)));
  journal.forgetLoadedFrames();
  // The last run's sessions nobody resumed in time: forgotten.
  const expiry = setTimeout(
    () => {
      for (const id of journal.expirePrevious()) replay.drop(id);
    },
    Math.max(0, journal.previous.endedAt + options.resumeWindowMs - Date.now()) + 1_000,
  );
  expiry.unref();
  return {
    replay,
    store,
    history,
    accepted: (event) => journal.event(event),
    heardEverything: async () => true,
    async close() {
      clearTimeout(expiry);
      journal.close();
      await store.close();
      await replay.close();
    },
  };
}

/** The deployment's kind of storage, as the infrastructure chose it. */
export function createSessionStorage(ctx: ServerContext, options: GatewayOptions): SessionStorage {
  return ctx.infrastructure.sessionStorage({
    single: () => journalStorage(join(ctx.dataDir, "gateway"), options),
    redis: ({ url, namespace, bus }) => redisStorage(url, namespace, bus, options),
  });
}

/** Several nodes: sessions' records and replay buffers in Redis on one connection, with the bus's history read back on start. */
function redisStorage(url: string, namespace: string, bus: RedisBus, options: GatewayOptions): SessionStorage {
  const redis = gatewayRedis(url);
  const nodeId = randomBytes(8).toString("hex");
  const store = new RedisSessionStore(redis, namespace, { nodeId, resumeWindowMs: options.resumeWindowMs });
  const replay = new RedisReplayStore(redis, namespace, options.replayCapacity, {
    nodeId,
    onRefused: (sessionId) => store.lost(sessionId),
  });
  const history = new EventHistory(options.historyLimit, options.resumeWindowMs + 60_000);
  const backfilled = backfill(bus, history, options.resumeWindowMs + 60_000);
  const barriers = new Map<string, () => void>();
  const unsubscribe = bus.subscribe((event) => {
    if (event.t === GATEWAY_BUS_BARRIER) barriers.get(event.d.nonce)?.();
  });
  return {
    replay,
    store,
    history,
    accepted: (event) => event,
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
        bus.publish({ t: GATEWAY_BUS_BARRIER, d: { nonce }, internal: true }).catch(() => done(false));
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
    (error) =>
      console.error(
        "gateway: could not read the bus's earlier events; sessions of nodes gone before this one started end",
        error,
      ),
  );
}

/**
 * Multi-node bookkeeping that must follow the bus order: a session's guild set is written
 * after the deliveries of the event that changed it, and a session moved to another node
 * leaves this one. Returns nothing to undo: it lives as long as the registry.
 */
export function linkSessionStorage(storage: SessionStorage, sessions: SessionRegistry, dispatcher: Dispatcher): void {
  const { store, history } = storage;
  if (!store.durable) return;
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
export function markResumable(services: ResumableMarking, session: Session): void {
  const { store, history, dispatcher } = services;
  if (!store.durable) return;
  const guildIds = [...session.guildIds];
  const marker = history?.latestId;
  dispatcher.afterPending(() => store.ready(session.id, guildIds, marker));
}
