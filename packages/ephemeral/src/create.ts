import { type EventBus, HubBus, HubClientBus, internalSecret, RedisBus } from "@chat/events";
import { Redis } from "ioredis";
import { MemoryShortLivedStore } from "./memory-store";
import { RedisShortLivedStore } from "./redis-store";
import { RemoteShortLivedStore } from "./remote-store";
import type { ShortLivedStore } from "./store";
import { type ShortLivedApi, shortLivedApi } from "./store-api";

export interface ShortLived {
  readonly store: ShortLivedStore;
  /** The server without Redis: the web app's calls to its memory (its internal API), else null. */
  readonly api: ShortLivedApi | null;
  close(): Promise<void>;
}

export interface ShortLivedOptions {
  bus: EventBus;
  /** With a Redis bus: the same Redis (REDIS_URL). */
  redisUrl?: string;
  /** REDIS_NAMESPACE. */
  namespace?: string;
  /** The event hub's shared secret (INTERNAL_SECRET or the one kept in DATA_DIR). */
  secret?: string;
  /** Milliseconds now, for expiries kept in this process's memory (the domain's clock; Redis keeps its own time). */
  now?: () => number;
}

/**
 * Where short-lived values are kept follows the bus, decided here once for every process (as
 * presences are):
 * - a Redis bus: in Redis, shared by every server node and web app process;
 * - the event hub (the server without Redis) or an in-process bus: this process's memory,
 *   which the hub's clients reach through `api`;
 * - a client of the hub (the web app without Redis): the hub server's memory, over its API.
 */
export function createShortLived(options: ShortLivedOptions): ShortLived {
  const { bus } = options;
  if (bus instanceof RedisBus) {
    if (!options.redisUrl) throw new Error("short-lived values on a Redis bus need its REDIS_URL");
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    redis.on("error", (error) => console.error("short-lived store redis", error.message));
    return {
      store: new RedisShortLivedStore(redis, options.namespace ?? "default"),
      api: null,
      close: async () => void (await redis.quit().catch(() => redis.disconnect())),
    };
  }
  if (bus instanceof HubClientBus) {
    const store = new RemoteShortLivedStore(bus.url, options.secret ?? internalSecret());
    return { store, api: null, close: () => store.close() };
  }
  const store = new MemoryShortLivedStore(options.now);
  const api = bus instanceof HubBus ? shortLivedApi(store, options.secret ?? internalSecret()) : null;
  return { store, api, close: () => store.close() };
}
