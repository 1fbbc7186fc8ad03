import type { Redis } from "ioredis";
import type { ShortLivedStore } from "./store";

/** Short-lived values in Redis (several nodes): one key each, expired by Redis itself. */
export class RedisShortLivedStore implements ShortLivedStore {
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    namespace: string,
  ) {
    this.prefix = `chat:short-lived:${namespace}:`;
  }

  async put(key: string, value: unknown, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(value), "PX", Math.max(1, Math.round(ttlMs)));
  }

  async putIfAbsent(key: string, value: unknown, ttlMs: number): Promise<boolean> {
    const result = await this.redis.set(
      this.prefix + key,
      JSON.stringify(value),
      "PX",
      Math.max(1, Math.round(ttlMs)),
      "NX",
    );
    return result === "OK";
  }

  async get<T>(key: string): Promise<T | null> {
    const json = await this.redis.get(this.prefix + key);
    return json === null ? null : (JSON.parse(json) as T);
  }

  async replace(key: string, value: unknown): Promise<boolean> {
    const result = await this.redis.set(this.prefix + key, JSON.stringify(value), "KEEPTTL", "XX");
    return result === "OK";
  }

  async delete(key: string): Promise<boolean> {
    return (await this.redis.del(this.prefix + key)) > 0;
  }

  async close(): Promise<void> {}
}
