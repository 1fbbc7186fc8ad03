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

/** In Redis, shared by every server node and web app process on it. */
export function redisShortLived(options: { redisUrl: string; namespace: string }): ShortLived {
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  redis.on("error", (error) => console.error("short-lived store redis", error.message));
  return {
    store: new RedisShortLivedStore(redis, options.namespace),
    api: null,
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  };
}

/**
 * In this process's memory: the event hub's (the server without Redis), whose clients reach it
 * through `api`, served when `apiSecret` (the hub's shared secret) is given; or an in-process
 * bus's. `now`: milliseconds now, for the expiries (the domain's clock).
 */
export function memoryShortLived(options: { now?: () => number; apiSecret?: string } = {}): ShortLived {
  const store = new MemoryShortLivedStore(options.now);
  const api = options.apiSecret === undefined ? null : shortLivedApi(store, options.apiSecret);
  return { store, api, close: () => store.close() };
}

/** A client of the hub (the web app without Redis): the hub server's memory, over its API next to the hub's address. */
export function remoteShortLived(options: { hubUrl: string; secret: string }): ShortLived {
  const store = new RemoteShortLivedStore(options.hubUrl, options.secret);
  return { store, api: null, close: () => store.close() };
}
