import { Redis } from "ioredis";

/**
 * What the gateway keeps in Redis in multi-node mode, under `chat:gateway:{namespace}`:
 * - `replay:{session}:refs` and `replay:{session}:last`: a session's replay buffer, the refs of
 *   its last events and its newest sequence number, and `event:{ref}` each event's frame body,
 *   written once for all its sessions (sessions/redis-replay-store.ts);
 * - `session:{session}`: the session record, a hash (sessions/redis-session-store.ts);
 * - `live:{user}`: a bot's live sessions, scored by lease expiry (the 16-session limit);
 * - `node:{node}:cursor`: the last bus event a node has fully handed to its sessions;
 * - `control`: a channel telling a node that one of its sessions was taken over.
 */
export function gatewayKeys(namespace: string) {
  const base = `chat:gateway:${namespace}`;
  const replayPrefix = `${base}:replay:`;
  const sessionPrefix = `${base}:session:`;
  return {
    /** `${replayPrefix}${sessionId}:refs` and `:last` (the replay store's script builds them so). */
    replayPrefix,
    refs: (sessionId: string) => `${replayPrefix}${sessionId}:refs`,
    event: (ref: string) => `${base}:event:${ref}`,
    last: (sessionId: string) => `${replayPrefix}${sessionId}:last`,
    /** `${sessionPrefix}${sessionId}` */
    sessionPrefix,
    session: (sessionId: string) => `${sessionPrefix}${sessionId}`,
    live: (userId: string) => `${base}:live:${userId}`,
    /** `${cursorPrefix}${nodeId}:cursor` */
    cursorPrefix: `${base}:node:`,
    cursor: (nodeId: string) => `${base}:node:${nodeId}:cursor`,
    control: `${base}:control`,
  };
}

export type GatewayKeys = ReturnType<typeof gatewayKeys>;

/**
 * One connection for everything a node writes (appends, records, cursor): Redis runs one
 * connection's commands in the order they were sent, which the takeover reasoning relies on
 * (a cursor that landed means the appends sent before it landed too).
 */
export function gatewayRedis(url: string): Redis {
  // No auto-pipelining: it sends some commands (MULTI, QUIT) ahead of others queued before them.
  // Back soon after Redis is: the deliveries of events held back meanwhile wait on this connection.
  const redis = new Redis(url, { maxRetriesPerRequest: 2, retryStrategy: (attempt) => Math.min(attempt * 50, 500) });
  let unreachable = false;
  redis.on("error", (error) => {
    if (!unreachable) console.error("gateway redis unreachable:", error.message);
    unreachable = true;
  });
  redis.on("ready", () => {
    if (unreachable) console.error("gateway redis reachable again");
    unreachable = false;
  });
  return redis;
}

/** The `owner` check every write about a session makes: only its owning node may change it. */
export const LUA_FENCE =
  "local owner = redis.call('HGET', KEYS[1], 'owner'); if owner and owner ~= ARGV[1] then return 0 end";
