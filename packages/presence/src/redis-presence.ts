import { randomBytes } from "node:crypto";
import { defineScript, EVENT_STREAM_FIELD, EVENT_STREAM_MAX_LENGTH, LUA_NOW, type RedisScript } from "@chat/events";
import { PresenceUpdateStatus } from "discord-api-types/v10";
import type { Redis } from "ioredis";
import {
  type NodeView,
  type PresenceChange,
  type PresenceState,
  type PresenceStore,
  presenceEvents,
  type ShownStatus,
} from "./presence";

export interface RedisPresenceOptions {
  /** This node; its views count while `node:{nodeId}` lives. */
  nodeId?: string;
  /** The bus channel (RedisBus) the PRESENCE_UPDATEs go on. */
  channel: string;
  /** How long a node counts as alive after its last sign of life. */
  livenessMs?: number;
  /** How often a node renews its liveness and clears the views of dead nodes. */
  heartbeatMs?: number;
}

/**
 * Presences across nodes (gateway nodes and web app processes), in Redis under
 * `chat:gateway:{namespace}` (the prefix they had when only the gateway kept them):
 * - `presence:{user}`: a hash, per node, that node's view of the user: `{status}:{ms}`, the
 *   status its sessions of the user set last and when (Redis clock). No field: no session there;
 * - `node:{node}`: the node's liveness, renewed every `heartbeatMs`, expiring after
 *   `livenessMs`; the views of a node without it do not count;
 * - `presence-shown:{user}`: what was last decided to be shown (`status`) and its change number
 *   (`v`, from the counter `presence-version`);
 * - `presence-nodes`, `presence-users:{node}`: the nodes with views and their users, so the
 *   views of a dead node can be found and dropped (`node:{node}:swept` then tells it, should it
 *   come back, to write its views again).
 *
 * A user shows the status set most recently among the views of live nodes (offline: none).
 * Each script below runs atomically, so exactly one node sees a given change of that and
 * announces it; the announcement itself is published from a script that first checks it is
 * still the user's latest change, so the PRESENCE_UPDATEs of one user go on the bus in the
 * order of the changes, and a superseded one is never published after its successor.
 */
export class RedisPresence implements PresenceStore, PresenceState {
  readonly nodeId: string;
  private readonly base: string;
  private readonly livenessMs: number;
  private readonly channel: string;
  private readonly scripts: {
    update: RedisScript;
    publish: RedisScript;
    read: RedisScript;
    sweep: RedisScript;
    beat: RedisScript;
  };
  private readonly timer: NodeJS.Timeout;
  private changeListeners: ((userId: string, change: PresenceChange) => void)[] = [];
  private lapseListeners: (() => void)[] = [];
  private published = 0;
  private beating: Promise<void> | null = null;
  private closed = false;

  constructor(redis: Redis, namespace: string, options: RedisPresenceOptions) {
    this.nodeId = options.nodeId ?? randomBytes(8).toString("hex");
    this.base = `chat:gateway:${namespace}`;
    this.channel = options.channel;
    this.livenessMs = options.livenessMs ?? 15_000;
    this.scripts = {
      update: defineScript(redis, "presenceUpdate", 0, UPDATE),
      publish: defineScript(redis, "presencePublish", 0, PUBLISH),
      read: defineScript(redis, "presenceRead", 0, READ),
      sweep: defineScript(redis, "presenceSweep", 0, SWEEP),
      beat: defineScript(redis, "presenceBeat", 0, BEAT),
    };
    this.timer = setInterval(() => this.heartbeat(), options.heartbeatMs ?? 5_000);
    this.timer.unref();
    this.heartbeat();
  }

  async statuses(userIds: readonly string[]): Promise<Map<string, ShownStatus>> {
    const found = new Map<string, ShownStatus>();
    const chunks: string[][] = [];
    for (let i = 0; i < userIds.length; i += 1_000) chunks.push(userIds.slice(i, i + 1_000));
    // Sent together on the one connection (pipelined), answered in order.
    const answers = await Promise.all(
      chunks.map((chunk) => this.scripts.read(this.base, ...chunk) as Promise<string[]>),
    );
    answers.forEach((statuses, i) => {
      statuses.forEach((status, j) => {
        const userId = chunks[i]?.[j];
        if (userId && status !== PresenceUpdateStatus.Offline) found.set(userId, status as ShownStatus);
      });
    });
    return found;
  }

  async update(
    userId: string,
    view: NodeView | null,
    quiet = false,
  ): Promise<{ at: number; change: PresenceChange | null }> {
    const args = [
      this.base,
      this.nodeId,
      this.livenessMs,
      userId,
      view ? "set" : "del",
      view?.status ?? "",
      view?.at ?? "",
      quiet ? "1" : "0",
    ];
    const [at, swept, version, status] = (await this.scripts.update(...args)) as [number, number, number?, string?];
    if (swept === 1) for (const listener of this.lapseListeners) listener();
    return {
      at: Number(at),
      change: version === undefined ? null : { status: status as ShownStatus, version: Number(version) },
    };
  }

  async publish(userId: string, change: PresenceChange, guildIds: readonly string[]): Promise<void> {
    const messages = presenceEvents(userId, change.status, guildIds).map((event) =>
      JSON.stringify({ ...event, id: `${this.nodeId}-presence-${(++this.published).toString(36)}` }),
    );
    await this.scripts.publish(this.base, userId, change.version, this.channel, ...messages);
  }

  onChange(listener: (userId: string, change: PresenceChange) => void): void {
    this.changeListeners.push(listener);
  }

  onLapse(listener: () => void): void {
    this.lapseListeners.push(listener);
  }

  /**
   * Stops renewing this node's liveness. Its views stay until they lapse, as after a crash:
   * its sessions wait for a Resume on another node, which then shows them without a flicker.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.beating;
  }

  /** Renews this node's liveness (telling the lapse listeners if its views were dropped), then drops the views of dead nodes and hands the changes that makes to the listeners. */
  private heartbeat(): void {
    if (this.beating || this.closed) return;
    this.beating = this.beat()
      .catch((error) => console.error("presence heartbeat failed", error))
      .finally(() => {
        this.beating = null;
      });
  }

  private async beat(): Promise<void> {
    const swept = await this.scripts.beat(this.base, this.nodeId, this.livenessMs);
    if (swept === 1) for (const listener of this.lapseListeners) listener();
    for (let round = 0; round < 100 && !this.closed; round++) {
      const [more, ...changes] = (await this.scripts.sweep(this.base, 200)) as [number, ...(string | number)[]];
      for (let i = 0; i + 2 < changes.length; i += 3) {
        const change = { status: changes[i + 1] as ShownStatus, version: Number(changes[i + 2]) };
        for (const listener of this.changeListeners) listener(String(changes[i]), change);
      }
      if (more !== 1) break;
    }
  }
}

/** `combined(base, user)`: the status set most recently among live nodes' views; `shown(base, user, status)`: the change number if that differs from what was shown. */
const FUNCTIONS = `
local function combined(base, user)
  local fields = redis.call('HGETALL', base .. ':presence:' .. user)
  local best, bestAt, bestNode = 'offline', -1, ''
  for i = 1, #fields, 2 do
    local node, value = fields[i], fields[i + 1]
    if redis.call('EXISTS', base .. ':node:' .. node) == 1 then
      local sep = string.find(value, ':', 1, true)
      local at = tonumber(string.sub(value, sep + 1))
      if at > bestAt or (at == bestAt and node > bestNode) then
        best, bestAt, bestNode = string.sub(value, 1, sep - 1), at, node
      end
    end
  end
  return best
end
local function shown(base, user, status)
  local key = base .. ':presence-shown:' .. user
  if (redis.call('HGET', key, 'status') or 'offline') == status then return false end
  local v = redis.call('INCR', base .. ':presence-version')
  redis.call('HSET', key, 'status', status, 'v', v)
  if status == 'offline' then redis.call('PEXPIRE', key, 3600000) else redis.call('PERSIST', key) end
  return v
end
`;

/**
 * ARGV: base, node, livenessMs, user, set|del, status, at ('' = now), quiet. Returns {at,
 * swept[, v, status]}: swept 1 when the node's views were dropped since its last sign of life.
 */
const UPDATE = `${LUA_NOW}
${FUNCTIONS}
local base, node, user = ARGV[1], ARGV[2], ARGV[4]
redis.call('SET', base .. ':node:' .. node, '1', 'PX', tonumber(ARGV[3]))
local swept = redis.call('DEL', base .. ':node:' .. node .. ':swept')
redis.call('SADD', base .. ':presence-nodes', node)
local at = now
if ARGV[7] ~= '' then at = tonumber(ARGV[7]) end
local users = base .. ':presence-users:' .. node
if ARGV[5] == 'set' then
  redis.call('HSET', base .. ':presence:' .. user, node, ARGV[6] .. ':' .. string.format('%d', at))
  redis.call('SADD', users, user)
else
  redis.call('HDEL', base .. ':presence:' .. user, node)
  redis.call('SREM', users, user)
end
local status = combined(base, user)
if ARGV[8] == '1' and status == 'offline' then return {at, swept} end
local v = shown(base, user, status)
if not v then return {at, swept} end
return {at, swept, v, status}`;

/** ARGV: base, user, v, event stream, messages...: appended (as RedisBus.publish does) only if v is still the user's latest change. */
const PUBLISH = `
if redis.call('HGET', ARGV[1] .. ':presence-shown:' .. ARGV[2], 'v') ~= ARGV[3] then return 0 end
for i = 5, #ARGV do redis.call('XADD', ARGV[4], 'MAXLEN', '~', ${EVENT_STREAM_MAX_LENGTH}, '*', '${EVENT_STREAM_FIELD}', ARGV[i]) end
return 1`;

/** ARGV: base, users...: their combined statuses, in order. */
const READ = `${FUNCTIONS}
local out = {}
for i = 2, #ARGV do out[i - 1] = combined(ARGV[1], ARGV[i]) end
return out`;

/**
 * ARGV: base, limit. Drops up to \`limit\` users' views of one dead node; returns {1, user,
 * status, v, ...} with the changes of what is shown that makes (call again), {0} when no node
 * with views is dead.
 */
const SWEEP = `${FUNCTIONS}
local base, limit = ARGV[1], tonumber(ARGV[2])
for _, node in ipairs(redis.call('SMEMBERS', base .. ':presence-nodes')) do
  if redis.call('EXISTS', base .. ':node:' .. node) == 0 then
    redis.call('SET', base .. ':node:' .. node .. ':swept', '1', 'PX', 86400000)
    local out = {1}
    local users = base .. ':presence-users:' .. node
    for _, user in ipairs(redis.call('SPOP', users, limit)) do
      redis.call('HDEL', base .. ':presence:' .. user, node)
      local status = combined(base, user)
      local v = shown(base, user, status)
      if v then
        out[#out + 1] = user
        out[#out + 1] = status
        out[#out + 1] = v
      end
    end
    if redis.call('SCARD', users) == 0 then redis.call('SREM', base .. ':presence-nodes', node) end
    return out
  end
end
return {0}`;

/** ARGV: base, node, livenessMs. Returns 1 when the node's views were dropped meanwhile. */
const BEAT = `
redis.call('SET', ARGV[1] .. ':node:' .. ARGV[2], '1', 'PX', tonumber(ARGV[3]))
return redis.call('DEL', ARGV[1] .. ':node:' .. ARGV[2] .. ':swept')`;
