import { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { BucketRule } from "./buckets";

export interface RateLimitOutcome {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window of this counter ends. */
  resetAfterMs: number;
}

export interface RateLimitStore {
  consume(rule: BucketRule, key: string): Promise<RateLimitOutcome>;
  close(): Promise<void>;
}

export interface RateLimitStoreOptions {
  /** Shared counters for every node on this Redis; in memory (one node) without it. */
  redisUrl?: string;
  /** Prefixes every Redis key, so deployments and test runs sharing a Redis do not collide. */
  namespace: string;
}

/** Counters per bucket rule, in Redis when configured (falling back to memory while Redis is unreachable). */
export function createRateLimitStore(options: RateLimitStoreOptions): RateLimitStore {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  redis?.on("error", () => {
    // ioredis reconnects by itself; meanwhile the in-memory insurance limiter counts.
  });
  const limiters = new Map<string, RateLimiterAbstract>();

  function limiterFor(rule: BucketRule): RateLimiterAbstract {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      const shape = { points: rule.points, duration: rule.durationSeconds, keyPrefix: `${options.namespace}:ratelimit:${rule.name}` };
      const memory = new RateLimiterMemory(shape);
      limiter = redis ? new RateLimiterRedis({ ...shape, storeClient: redis, insuranceLimiter: memory }) : memory;
      limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  return {
    async consume(rule, key) {
      try {
        const res = await limiterFor(rule).consume(key);
        return { allowed: true, limit: rule.points, remaining: Math.max(0, res.remainingPoints), resetAfterMs: res.msBeforeNext };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { allowed: false, limit: rule.points, remaining: 0, resetAfterMs: rejection.msBeforeNext };
        throw rejection;
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}
