import { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { BucketRule } from "./buckets";

export interface RateLimitOutcome {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window (or the block) of this counter ends. */
  resetAfterMs: number;
}

export interface RateLimitStore {
  /**
   * Counts one use, or `points` of them (a rule counting bytes spends a file's size); refused
   * once the rule's points are spent in the current window.
   */
  consume(rule: BucketRule, key: string, points?: number): Promise<RateLimitOutcome>;
  /** Gives one use (or `points`) back: an attempt that turned out not to count. */
  refund(rule: BucketRule, key: string, points?: number): Promise<void>;
  /** How many uses the counter holds in its current window, without counting one (0: none, or the window is over). */
  peek(rule: BucketRule, key: string): Promise<number>;
  /** Refuses every use of the counter for `seconds` from now, whatever its window said. */
  block(rule: BucketRule, key: string, seconds: number): Promise<void>;
  /** Forgets the counter: the next use starts a fresh window. */
  reset(rule: BucketRule, key: string): Promise<void>;
  close(): Promise<void>;
}

/** Counters in this process's memory (one node). `namespace` prefixes the counters' keys. */
export function createMemoryRateLimitStore(namespace: string): RateLimitStore {
  return rateLimitStore(null, namespace);
}

/**
 * Counters in Redis, shared by every node on it (falling back to memory while Redis is
 * unreachable). `namespace` prefixes every key, so deployments and test runs sharing a Redis
 * do not collide.
 */
export function createRedisRateLimitStore(redisUrl: string, namespace: string): RateLimitStore {
  // Connects on first use: a process that never counts anything opens no connection.
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    retryStrategy: (attempt) => Math.min(attempt * 50, 500),
  });
  redis.on("error", () => {
    // ioredis reconnects by itself; meanwhile the in-memory insurance limiter counts.
  });
  return rateLimitStore(redis, namespace);
}

/** Counters per bucket rule. The server's bot limits and the web app's limits for people share this store. */
function rateLimitStore(redis: Redis | null, namespace: string): RateLimitStore {
  const limiters = new Map<string, { shared: RateLimiterAbstract; memory: RateLimiterMemory }>();

  /**
   * The Redis counters, with the in-memory ones as insurance when a command fails; while the
   * connection is known to be down, the in-memory ones straight away, so no request waits on
   * Redis's reconnection attempts (fail safe: still counted, per process).
   */
  function limiterFor(rule: BucketRule): RateLimiterAbstract {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      const shape = {
        points: rule.points,
        duration: rule.durationSeconds,
        keyPrefix: `${namespace}:ratelimit:${rule.name}`,
      };
      const memory = new RateLimiterMemory(shape);
      limiter = {
        shared: redis ? new RateLimiterRedis({ ...shape, storeClient: redis, insuranceLimiter: memory }) : memory,
        memory,
      };
      limiters.set(rule.name, limiter);
    }
    const down = redis && (redis.status === "reconnecting" || redis.status === "close" || redis.status === "end");
    return down ? limiter.memory : limiter.shared;
  }

  return {
    async consume(rule, key, points = 1) {
      try {
        const res = await limiterFor(rule).consume(key, points);
        return {
          allowed: true,
          limit: rule.points,
          remaining: Math.max(0, res.remainingPoints),
          resetAfterMs: res.msBeforeNext,
        };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes)
          return { allowed: false, limit: rule.points, remaining: 0, resetAfterMs: rejection.msBeforeNext };
        throw rejection;
      }
    },
    async peek(rule, key) {
      const res = await limiterFor(rule).get(key);
      return res && res.msBeforeNext > 0 ? res.consumedPoints : 0;
    },
    async refund(rule, key, points = 1) {
      await limiterFor(rule).reward(key, points);
    },
    async block(rule, key, seconds) {
      await limiterFor(rule).block(key, seconds);
    },
    async reset(rule, key) {
      await limiterFor(rule).delete(key);
    },
    async close() {
      redis?.disconnect();
    },
  };
}
