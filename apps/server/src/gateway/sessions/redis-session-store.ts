import { defineScript, LUA_NOW, type RedisScript } from "@chat/events";
import type { Redis } from "ioredis";
import { type GatewayKeys, gatewayKeys } from "../redis-shared";
import type { ClaimedSession, SessionRecord, SessionStore } from "./session-store";

const FIELDS = [
  "owner",
  "user",
  "app",
  "intents",
  "shard",
  "created",
  "seq",
  "ready",
  "dropped",
  "event",
  "guilds",
  "guildsAt",
  "since",
];
const OWNED = "local owner = redis.call('HGET', KEYS[1], 'owner'); if owner ~= ARGV[1] then return 0 end";

const SCRIPTS = {
  // KEYS: record, live. ARGV: node, id, user, app, intents, shard, created, max, lease, ttl.
  open: `${LUA_NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[8]) then return 0 end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[9]), ARGV[2])
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[9]) * 2)
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'user', ARGV[3], 'app', ARGV[4], 'intents', ARGV[5], 'shard', ARGV[6], 'created', ARGV[7], 'seq', 0, 'ready', 0, 'dropped', '')
redis.call('PEXPIRE', KEYS[1], ARGV[10])
return 1`,
  // KEYS: record. ARGV: node, guilds, marker.
  ready: `${OWNED}
redis.call('HSET', KEYS[1], 'ready', 1, 'guilds', ARGV[2], 'since', ARGV[3])
return 1`,
  guilds: `${OWNED}
redis.call('HSET', KEYS[1], 'guilds', ARGV[2], 'guildsAt', ARGV[3])
return 1`,
  // KEYS: record, live. ARGV: node, id, lease, ttl.
  live: `${OWNED}
${LUA_NOW}
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[3]) * 2)
redis.call('HSET', KEYS[1], 'dropped', '')
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`,
  // KEYS: record, live. ARGV: node, id, ttl.
  dropped: `${OWNED}
${LUA_NOW}
redis.call('ZREM', KEYS[2], ARGV[2])
redis.call('HSET', KEYS[1], 'dropped', now)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`,
  // KEYS: record, live. ARGV: node, id.
  end: `local owner = redis.call('HGET', KEYS[1], 'owner')
if owner and owner ~= ARGV[1] then return 0 end
redis.call('ZREM', KEYS[2], ARGV[2])
redis.call('DEL', KEYS[1])
return 1`,
  // KEYS: live. ARGV: session record prefix. Answers id, shard, id, shard, ... of the live sessions.
  liveSessions: `${LUA_NOW}
local out = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], now, '+inf')) do
  table.insert(out, id)
  table.insert(out, redis.call('HGET', ARGV[1] .. id, 'shard') or '')
end
return out`,
  // KEYS: record, live. ARGV: node, user, window, cursor prefix, control channel, ttl, id.
  claim: `local f = redis.call('HMGET', KEYS[1], '${FIELDS.join("', '")}')
if not f[1] or f[2] ~= ARGV[2] or f[8] ~= '1' then return false end
${LUA_NOW}
if f[9] and f[9] ~= '' and now - tonumber(f[9]) > tonumber(ARGV[3]) then return false end
local cursor = redis.call('GET', ARGV[4] .. f[1] .. ':cursor') or ''
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'ready', 0)
redis.call('ZREM', KEYS[2], ARGV[7])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
if f[1] ~= ARGV[1] then redis.call('PUBLISH', ARGV[5], ARGV[7] .. ' ' .. f[1]) end
return {f[1], f[3], f[4], f[5], f[6], f[7], f[11] or '', f[10] or '', f[12] or '', f[13] or '', cursor, f[9] or ''}`,
};

export interface RedisSessionStoreOptions {
  nodeId: string;
  /** Spec: 2 minutes. A dead node's sessions stay claimable at least this long. */
  resumeWindowMs: number;
  /** A live session counts towards its bot's limit this long after its node last renewed it. */
  leaseMs?: number;
  /** How often the node cursor is written. */
  cursorEveryMs?: number;
}

/**
 * Session records in Redis (multi-node mode), written on the same connection as the replay
 * buffer. Each record names its owning node; a node resuming a session it does not hold
 * claims it (one script: ownership moves, the previous owner's writes are refused from then
 * on, and it is told on the control channel so it closes its connection with 4000).
 * Live sessions are leases renewed by their node: a dead node's stop counting by themselves.
 */
export class RedisSessionStore implements SessionStore {
  readonly shared = true;
  readonly durable = true;
  readonly nodeId: string;
  private readonly keys: GatewayKeys;
  private readonly scripts: Record<keyof typeof SCRIPTS, RedisScript>;
  private readonly subscriber: Redis;
  private readonly leaseMs: number;
  private readonly recordTtlMs: number;
  /** Live sessions of this node (renewed), by id, with their bot user. */
  private readonly owned = new Map<string, string>();
  private readonly lostListeners: ((sessionId: string) => void)[] = [];
  private processedId: string | null = null;
  private writtenId: string | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(
    private readonly redis: Redis,
    namespace: string,
    options: RedisSessionStoreOptions,
  ) {
    this.nodeId = options.nodeId;
    this.keys = gatewayKeys(namespace);
    this.leaseMs = options.leaseMs ?? 30_000;
    this.recordTtlMs = options.resumeWindowMs + this.leaseMs;
    const keyCount = { open: 2, ready: 1, guilds: 1, live: 2, dropped: 2, end: 2, claim: 2, liveSessions: 1 } as const;
    this.scripts = Object.fromEntries(
      Object.entries(SCRIPTS).map(([name, lua]) => [
        name,
        defineScript(redis, `gatewaySession_${name}`, keyCount[name as keyof typeof SCRIPTS], lua),
      ]),
    ) as Record<keyof typeof SCRIPTS, RedisScript>;
    this.subscriber = redis.duplicate();
    this.subscriber.on("error", (error) => console.error("gateway control channel", error.message));
    this.subscriber.on("message", (_channel: string, message: string) => this.controlMessage(message));
    this.subscriber
      .subscribe(this.keys.control)
      .catch((error) => this.closed || console.error("gateway control subscribe failed", error));
    this.timers.push(setInterval(() => this.renewLeases(), Math.max(50, Math.floor(this.leaseMs / 3))));
    this.timers.push(setInterval(() => this.writeCursor(), options.cursorEveryMs ?? 250));
    for (const timer of this.timers) timer.unref();
  }

  async open(record: SessionRecord, maxLive: number): Promise<boolean> {
    const shard = record.shard ? record.shard.join(",") : "";
    const { id, userId } = record;
    const opened = await this.scripts.open(
      ...[this.keys.session(id), this.keys.live(userId)],
      ...[
        this.nodeId,
        id,
        userId,
        record.applicationId,
        record.intents,
        shard,
        record.createdAt,
        maxLive,
        this.leaseMs,
        this.recordTtlMs,
      ],
    );
    if (opened !== 1) return false;
    this.owned.set(id, userId);
    return true;
  }

  ready(sessionId: string, guildIds: readonly string[], marker: string | undefined): void {
    this.write(
      "ready",
      this.scripts.ready(this.keys.session(sessionId), this.nodeId, guildIds.join(","), marker ?? ""),
    );
  }

  guilds(sessionId: string, guildIds: readonly string[], marker: string | undefined): void {
    this.write(
      "guilds",
      this.scripts.guilds(this.keys.session(sessionId), this.nodeId, guildIds.join(","), marker ?? ""),
    );
  }

  live(sessionId: string, userId: string): void {
    this.owned.set(sessionId, userId);
    this.renew(sessionId, userId);
  }

  dropped(sessionId: string, userId: string, windowMs: number): void {
    this.owned.delete(sessionId);
    const keys = [this.keys.session(sessionId), this.keys.live(userId)];
    this.write("dropped", this.scripts.dropped(...keys, this.nodeId, sessionId, windowMs + 5_000));
  }

  end(sessionId: string, userId: string): void {
    this.owned.delete(sessionId);
    this.write("end", this.scripts.end(this.keys.session(sessionId), this.keys.live(userId), this.nodeId, sessionId));
  }

  processed(eventId: string): void {
    this.processedId = eventId;
  }

  async claim(sessionId: string, userId: string, windowMs: number): Promise<ClaimedSession | null> {
    const keys = [this.keys.session(sessionId), this.keys.live(userId)];
    const args = [
      this.nodeId,
      userId,
      windowMs,
      this.keys.cursorPrefix,
      this.keys.control,
      windowMs + 5_000,
      sessionId,
    ];
    const result = (await this.scripts.claim(...keys, ...args)) as string[] | null;
    if (!result) return null;
    const [
      previousOwner = "",
      app = "",
      intents = "0",
      shard = "",
      created = "0",
      seq = "0",
      guilds = "",
      event = "",
      guildsAt = "",
      since = "",
      cursor = "",
      dropped = "",
    ] = result;
    const [shardId, shardCount] = shard.split(",").map(Number);
    return {
      id: sessionId,
      userId,
      applicationId: app,
      intents: Number(intents),
      shard: shard ? [shardId as number, shardCount as number] : null,
      createdAt: Number(created),
      previousOwner,
      lastSequence: Number(seq),
      guildIds: guilds ? guilds.split(",") : [],
      markers: [event, guildsAt, since, cursor].filter(Boolean),
      droppedAt: dropped ? Number(dropped) : null,
    };
  }

  onLost(listener: (sessionId: string) => void): void {
    this.lostListeners.push(listener);
  }

  async liveSessions(userId: string): Promise<{ id: string; shard: [number, number] | null }[]> {
    const flat = (await this.scripts.liveSessions(this.keys.live(userId), this.keys.session(""))) as string[];
    const out: { id: string; shard: [number, number] | null }[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const [shardId, shardCount] = (flat[i + 1] as string).split(",").map(Number);
      out.push({ id: flat[i] as string, shard: flat[i + 1] ? [shardId as number, shardCount as number] : null });
    }
    return out;
  }

  /** A write about the session was refused: another node has it now. */
  lost(sessionId: string): void {
    this.owned.delete(sessionId);
    for (const listener of this.lostListeners) listener(sessionId);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.writeCursor();
    this.subscriber.disconnect();
  }

  private controlMessage(message: string): void {
    const [sessionId, from] = message.split(" ");
    if (sessionId && from === this.nodeId) this.lost(sessionId);
  }

  private renew(sessionId: string, userId: string): void {
    const keys = [this.keys.session(sessionId), this.keys.live(userId)];
    this.scripts
      .live(...keys, this.nodeId, sessionId, this.leaseMs, this.recordTtlMs)
      .then((result) => result === 1 || this.lost(sessionId))
      .catch((error) => console.error("gateway session renew failed", error.message));
  }

  private renewLeases(): void {
    for (const [sessionId, userId] of this.owned) this.renew(sessionId, userId);
  }

  private writeCursor(): void {
    const id = this.processedId;
    if (!id || id === this.writtenId) return;
    this.writtenId = id;
    this.redis
      .set(this.keys.cursor(this.nodeId), id, "PX", Math.max(this.recordTtlMs, 600_000))
      .catch((error) => console.error("gateway cursor write failed", error.message));
  }

  private write(what: string, result: Promise<unknown>): void {
    result.catch((error) => console.error(`gateway session ${what} failed`, error.message));
  }
}
