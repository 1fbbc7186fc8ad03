import type { Redis } from "ioredis";

export type RedisScript = (...args: (string | number)[]) => Promise<unknown>;

/**
 * A Lua script run with EVALSHA (loaded on first use); keys first, then arguments. With
 * `numberOfKeys` null the key count varies per call and goes first: (count, ...keys, ...args).
 */
export function defineScript(redis: Redis, name: string, numberOfKeys: number | null, lua: string): RedisScript {
  redis.defineCommand(name, numberOfKeys === null ? { lua } : { numberOfKeys, lua });
  const command = (redis as unknown as Record<string, RedisScript>)[name] as RedisScript;
  return (...args) => command.apply(redis, args);
}

/** Now in milliseconds by the Redis server's clock (one clock for every process sharing it). */
export const LUA_NOW =
  "local __t = redis.call('TIME'); local now = tonumber(__t[1]) * 1000 + math.floor(tonumber(__t[2]) / 1000)";
