import type { EventBus } from "@chat/events";
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

/** What every process's presences need, whichever of the places below keeps them. */
export interface PresenceOptions {
  /** The guilds a user is in: a change goes on the bus as one PRESENCE_UPDATE per guild. */
  guildIdsOf: (userId: string) => Promise<string[]>;
  /** How long a process's views count after its last sign of life (tests shorten it). */
  livenessMs?: number;
  /** How often a process shows a sign of life and drops the views of silent ones. */
  heartbeatMs?: number;
}

type SharedPresence = PresenceStore & PresenceState;

/**
 * In Redis (redis-presence.ts), shared by every server node and web app process on it;
 * `channel`: the Redis bus's channel, where the changes are announced.
 */
export function redisPresence(
  options: PresenceOptions & { redisUrl: string; namespace: string; channel: string },
): Presence {
  // Its own connection, without auto-pipelining (the scripts' order on it is the order they were sent).
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  redis.on("error", (error) => console.error("presence redis", error.message));
  const shared = new RedisPresence(redis, options.namespace, {
    channel: options.channel,
    livenessMs: options.livenessMs,
    heartbeatMs: options.heartbeatMs,
  });
  return presenceOver(shared, options, null, async () => void (await redis.quit().catch(() => redis.disconnect())));
}

/**
 * In this process's memory (memory-presence.ts): the event hub's (the server without Redis),
 * whose clients reach it through `api`, served when `apiSecret` (the hub's shared secret) is
 * given; or an in-process bus's.
 */
export function memoryPresence(options: PresenceOptions & { bus: EventBus; apiSecret?: string }): Presence {
  const memory = new MemoryPresence(options.bus, { livenessMs: options.livenessMs, sweepMs: options.heartbeatMs });
  return presenceOver(memory, options, options.apiSecret === undefined ? null : presenceApi(memory, options.apiSecret));
}

/** A client of the hub (the web app without Redis): the hub server's memory, over its internal API next to the hub's address (remote-presence.ts). */
export function remotePresence(options: PresenceOptions & { hubUrl: string; secret: string }): Presence {
  return presenceOver(
    new RemotePresence(options.hubUrl, options.secret, { heartbeatMs: options.heartbeatMs }),
    options,
    null,
  );
}

function presenceOver(
  shared: SharedPresence,
  options: PresenceOptions,
  api: PresenceApi | null,
  closeConnection?: () => Promise<void>,
): Presence {
  const tracker = new PresenceTracker(shared, options.guildIdsOf);
  return {
    store: shared,
    tracker,
    api,
    async close() {
      await shared.close();
      await tracker.settled();
      await closeConnection?.();
    },
  };
}
