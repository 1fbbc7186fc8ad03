import { defineScript, type RedisScript } from "@chat/events";
import type { Redis } from "ioredis";
import type { SerializedEvent } from "../connection/payloads";
import { type GatewayKeys, gatewayKeys, gatewayRedis } from "../redis-shared";
import type { ReplayStore } from "./replay-store";

export interface RedisReplayOptions {
  /** This node; writes about a session whose record names another owner are refused. */
  nodeId?: string;
  /** An append was refused (the session moved to another node, or its numbering broke). */
  onRefused?: (sessionId: string) => void;
  /** Keys expire this long after a live session's last event if its node dies. */
  liveTtlMs?: number;
}

// KEYS: frames, last, record. ARGV: frame, seq, capacity, ttl, node, event id.
const APPEND = `
local owner = redis.call('HGET', KEYS[3], 'owner')
if owner and owner ~= ARGV[5] then return 0 end
local seq = tonumber(ARGV[2])
local last = tonumber(redis.call('GET', KEYS[2]) or '0')
if last > 0 and seq ~= last + 1 then return -1 end
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[3]), -1)
redis.call('SET', KEYS[2], seq, 'PX', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if owner then
  redis.call('HSET', KEYS[3], 'seq', seq)
  if ARGV[6] ~= '' then redis.call('HSET', KEYS[3], 'event', ARGV[6]) end
end
return 1`;

// KEYS: frames, last, record. ARGV: node, ttl (0: delete).
const RETAIN_OR_DROP = `
local owner = redis.call('HGET', KEYS[3], 'owner')
if owner and owner ~= ARGV[1] then return 0 end
if ARGV[2] == '0' then redis.call('DEL', KEYS[1], KEYS[2]) else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
return 1`;

/**
 * The replay buffer in Redis (multi-node mode): per session a list of its last `capacity`
 * frames and the sequence number of the newest. Writes go out on one connection, so they land
 * in call order and before any later read. Keys expire on their own if a node dies:
 * `liveTtlMs` after the last event, or the resume window once the connection dropped.
 *
 * Every write is fenced by the session record (redis-session-store.ts): once another node has
 * taken the session over, this node's appends are refused, so no frame is recorded twice and
 * none is sent that is not recorded (Session sends a frame only after its append landed).
 */
export class RedisReplayStore implements ReplayStore {
  private readonly redis: Redis;
  private readonly ownsConnection: boolean;
  private readonly keys: GatewayKeys;
  private readonly nodeId: string;
  private readonly appendScript: RedisScript;
  private readonly retainScript: RedisScript;

  constructor(
    redis: string | Redis,
    namespace: string,
    private readonly capacity: number,
    private readonly options: RedisReplayOptions = {},
  ) {
    this.ownsConnection = typeof redis === "string";
    this.redis = typeof redis === "string" ? gatewayRedis(redis) : redis;
    this.keys = gatewayKeys(namespace);
    this.nodeId = options.nodeId ?? "";
    this.appendScript = defineScript(this.redis, "gatewayReplayAppend", 3, APPEND);
    this.retainScript = defineScript(this.redis, "gatewayReplayRetain", 3, RETAIN_OR_DROP);
  }

  private sessionKeys(sessionId: string): [string, string, string] {
    return [this.keys.frames(sessionId), this.keys.last(sessionId), this.keys.session(sessionId)];
  }

  append(sessionId: string, seq: number, event: SerializedEvent): Promise<boolean> {
    const ttl = this.options.liveTtlMs ?? 15 * 60_000;
    return this.appendScript(
      ...this.sessionKeys(sessionId),
      event.frame(seq),
      seq,
      this.capacity,
      ttl,
      this.nodeId,
      event.id ?? "",
    ).then(
      (result) => {
        if (result === 1) return true;
        this.options.onRefused?.(sessionId);
        return false;
      },
      (error: Error) => {
        console.error("gateway replay append failed", error.message);
        this.options.onRefused?.(sessionId);
        return false;
      },
    );
  }

  retain(sessionId: string, windowMs: number): void {
    // Past the window the session has ended anyway; a little slack for the node's own timer.
    this.retainScript(...this.sessionKeys(sessionId), this.nodeId, windowMs + 5_000).catch((error) =>
      console.error("gateway replay retain failed", error),
    );
  }

  async since(sessionId: string, seq: number): Promise<string[] | null> {
    const [frames, last] = this.sessionKeys(sessionId);
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
    this.retainScript(...this.sessionKeys(sessionId), this.nodeId, 0).catch((error) =>
      console.error("gateway replay drop failed", error),
    );
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
