import { type EventBus, HubBus, HubClientBus, internalSecret, RedisBus } from "@chat/events";
import { Redis } from "ioredis";
import { MemoryPresence } from "./memory-presence";
import type { PresenceState, PresenceStore } from "./presence";
import { type PresenceApi, presenceApi } from "./presence-api";
import { PresenceTracker } from "./presence-tracker";
import { RedisPresence } from "./redis-presence";
import { RemotePresence } from "./remote-presence";

/** One process's presences: what it reads, and the tracker its sessions (bots' or people's) report to. */
export interface Presence {
  /** What others are shown, read in batch (GUILD_CREATE, member chunks, the web app's member list). */
  readonly store: PresenceStore;
  /** This process's sessions; each change of what others see goes on the bus. */
  readonly tracker: PresenceTracker;
  /** The server without Redis: the web app's calls to its memory (its internal API), else null. */
  readonly api: PresenceApi | null;
  /** Stops this process's sign of life; its views lapse where they meet the others' (as after a crash). */
  close(): Promise<void>;
}

export interface PresenceOptions {
  bus: EventBus;
  /** The guilds a user is in: a change goes on the bus as one PRESENCE_UPDATE per guild. */
  guildIdsOf: (userId: string) => Promise<string[]>;
  /** With a Redis bus: the same Redis (REDIS_URL). */
  redisUrl?: string;
  /** REDIS_NAMESPACE. */
  namespace?: string;
  /** The event hub's shared secret (INTERNAL_SECRET or the one kept in DATA_DIR). */
  secret?: string;
  /** How long a process's views count after its last sign of life (tests shorten it). */
  livenessMs?: number;
  /** How often a process shows a sign of life and drops the views of silent ones. */
  heartbeatMs?: number;
}

type SharedPresence = PresenceStore & PresenceState;

/**
 * Presences follow the bus, decided here once for every process:
 * - a Redis bus: in Redis (redis-presence.ts), shared by every server node and web app process;
 * - the event hub (the server without Redis) or an in-process bus: in this process's memory
 *   (memory-presence.ts), which the hub's clients reach through `api`;
 * - a client of the hub (the web app without Redis): the hub server's memory, over its internal
 *   API next to the hub's address (remote-presence.ts).
 */
export function createPresence(options: PresenceOptions): Presence {
  const { bus } = options;
  let redis: Redis | null = null;
  let shared: SharedPresence;
  let api: PresenceApi | null = null;
  if (bus instanceof RedisBus) {
    if (!options.redisUrl) throw new Error("presence on a Redis bus needs its REDIS_URL");
    // Its own connection, without auto-pipelining (the scripts' order on it is the order they were sent).
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    redis.on("error", (error) => console.error("presence redis", error.message));
    shared = new RedisPresence(redis, options.namespace ?? "default", {
      channel: bus.channel,
      livenessMs: options.livenessMs,
      heartbeatMs: options.heartbeatMs,
    });
  } else if (bus instanceof HubClientBus) {
    shared = new RemotePresence(bus.url, options.secret ?? internalSecret(), { heartbeatMs: options.heartbeatMs });
  } else {
    const memory = new MemoryPresence(bus, { livenessMs: options.livenessMs, sweepMs: options.heartbeatMs });
    if (bus instanceof HubBus) api = presenceApi(memory, options.secret ?? internalSecret());
    shared = memory;
  }
  const tracker = new PresenceTracker(shared, options.guildIdsOf);
  return {
    store: shared,
    tracker,
    api,
    async close() {
      await shared.close();
      await tracker.settled();
      await redis?.quit().catch(() => redis?.disconnect());
    },
  };
}
