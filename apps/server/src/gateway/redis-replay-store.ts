import { Redis } from "ioredis";
import type { SerializedEvent } from "./payloads";
import type { ReplayStore } from "./replay-store";

/**
 * The replay buffer in Redis (multi-node mode): per session a list of its last `capacity`
 * frames and the sequence number of the newest. Appends go out pipelined on one connection,
 * so they land in call order and before any later read. Keys expire on their own if a node
 * dies: `liveTtlMs` after the last event, or the resume window once the connection dropped.
 *
 * Cross-node Resume also needs the session itself (user, intents, shard, sequence) findable
 * from another node and a hand-over from the node holding it; until then this store serves
 * Resume on the node that holds the session.
 */
export class RedisReplayStore implements ReplayStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly namespace: string,
    private readonly capacity: number,
    private readonly liveTtlMs = 15 * 60_000,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.redis.on("error", (error) => console.error("gateway replay store", error.message));
  }

  private keys(sessionId: string): { frames: string; last: string } {
    const base = `chat:gateway:${this.namespace}:replay:${sessionId}`;
    return { frames: base, last: `${base}:last` };
  }

  append(sessionId: string, seq: number, event: SerializedEvent): void {
    const { frames, last } = this.keys(sessionId);
    this.redis
      .multi()
      .rpush(frames, event.frame(seq))
      .ltrim(frames, -this.capacity, -1)
      .set(last, seq, "PX", this.liveTtlMs)
      .pexpire(frames, this.liveTtlMs)
      .exec()
      .catch((error) => console.error("gateway replay append failed", error));
  }

  retain(sessionId: string, windowMs: number): void {
    const { frames, last } = this.keys(sessionId);
    // Past the window the session has ended anyway; a little slack for the node's own timer.
    const ttl = windowMs + 5_000;
    this.redis.multi().pexpire(frames, ttl).pexpire(last, ttl).exec().catch((error) => console.error("gateway replay retain failed", error));
  }

  async since(sessionId: string, seq: number): Promise<string[] | null> {
    const { frames, last } = this.keys(sessionId);
    try {
      const results = await this.redis.multi().lrange(frames, 0, -1).get(last).exec();
      const kept = (results?.[0]?.[1] as string[] | undefined) ?? [];
      const newest = Number(results?.[1]?.[1] ?? 0);
      if (kept.length === 0) return seq === 0 ? [] : null;
      const oldest = newest - kept.length + 1;
      if (seq > newest || seq < oldest - 1) return null;
      return kept.slice(seq - oldest + 1);
    } catch (error) {
      console.error("gateway replay read failed", error);
      return null;
    }
  }

  drop(sessionId: string): void {
    const { frames, last } = this.keys(sessionId);
    this.redis.del(frames, last).catch((error) => console.error("gateway replay drop failed", error));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
