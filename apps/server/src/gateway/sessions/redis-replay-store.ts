import { randomBytes } from "node:crypto";
import { defineScript, type RedisScript } from "@chat/events";
import type { Redis } from "ioredis";
import type { SerializedEvent } from "../connection/payloads";
import { type GatewayKeys, gatewayKeys, gatewayRedis } from "../redis-shared";
import type { FrameReceiver, ReplayStore } from "./replay-store";

export interface RedisReplayOptions {
  /** This node; writes about a session whose record names another owner are refused. */
  nodeId?: string;
  /** An append was refused (the session moved to another node, or its numbering broke). */
  onRefused?: (sessionId: string) => void;
  /** Keys expire this long after a live session's last event if its node dies. */
  liveTtlMs?: number;
}

/** Sessions per script call: one call holds Redis for its whole run, so a huge fan-out is cut in slices. */
const SESSIONS_PER_CALL = 500;

// KEYS: the event's body. ARGV: body ('' when an earlier slice wrote it), ttl, capacity, node,
// event id, ref, the replay and session key prefixes, then each session's id and seq. Each
// session's keys are built here from its id (as gatewayKeys spells them): per session, only
// its id and number travel. Answers per session: 1 recorded, 0 refused (another node owns
// it), -1 refused (a gap in the numbering).
const APPEND = `
local ttl, capacity, node, eventId, ref = ARGV[2], tonumber(ARGV[3]), ARGV[4], ARGV[5], ARGV[6]
local replayPrefix, sessionPrefix = ARGV[7], ARGV[8]
if ARGV[1] ~= '' then redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl) end
local answers = {}
for i = 1, (#ARGV - 8) / 2 do
  local id = ARGV[7 + 2 * i]
  local seq = tonumber(ARGV[8 + 2 * i])
  local refs, last, record = replayPrefix .. id .. ':refs', replayPrefix .. id .. ':last', sessionPrefix .. id
  local owner = redis.call('HGET', record, 'owner')
  local previous = tonumber(redis.call('GET', last) or '0')
  if owner and owner ~= node then answers[i] = 0
  elseif previous > 0 and seq ~= previous + 1 then answers[i] = -1
  else
    redis.call('RPUSH', refs, ref)
    redis.call('LTRIM', refs, -capacity, -1)
    redis.call('SET', last, seq, 'PX', ttl)
    redis.call('PEXPIRE', refs, ttl)
    if owner then
      if eventId ~= '' then redis.call('HSET', record, 'seq', seq, 'event', eventId)
      else redis.call('HSET', record, 'seq', seq) end
    end
    answers[i] = 1
  end
end
return answers`;

// KEYS: refs, last, record. ARGV: node, ttl (0: delete).
const RETAIN_OR_DROP = `
local owner = redis.call('HGET', KEYS[3], 'owner')
if owner and owner ~= ARGV[1] then return 0 end
if ARGV[2] == '0' then redis.call('DEL', KEYS[1], KEYS[2]) else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
return 1`;

/** The appends of one event waiting for the end of the dispatch loop that made them, with whom each frame goes back to once written. */
interface Batch {
  event: SerializedEvent;
  sessionIds: string[];
  sequences: number[];
  receivers: (FrameReceiver | undefined)[];
}

/**
 * The replay buffer in Redis (multi-node mode). An event's frame body (everything but the
 * sequence number) is written once, under its own key; each session keeps a list of the refs of
 * its last `capacity` events and the sequence number of the newest. The appends of one
 * dispatch loop are sent together, one script call per event for all its sessions: the body
 * travels once, and a session costs Redis a few list and key writes, whether it is connected
 * or waiting for a Resume. Writes go out on one connection in call order (retain, drop and
 * reads first send the appends queued before them), so they land in that order and before
 * any later read. Keys expire on their own if a node dies: `liveTtlMs` after the last event
 * (bodies too), or the resume window once the connection dropped.
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
  private readonly refPrefix = randomBytes(6).toString("hex");
  private nextRef = 0;
  private readonly refs = new WeakMap<SerializedEvent, string>();
  private readonly pending = new Map<SerializedEvent, Batch>();
  private flushQueued = false;
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
    this.appendScript = defineScript(this.redis, "gatewayReplayAppendMany", null, APPEND);
    this.retainScript = defineScript(this.redis, "gatewayReplayRetain", 3, RETAIN_OR_DROP);
  }

  private sessionKeys(sessionId: string): [string, string, string] {
    return [this.keys.refs(sessionId), this.keys.last(sessionId), this.keys.session(sessionId)];
  }

  append(sessionId: string, seq: number, event: SerializedEvent): undefined {
    let batch = this.pending.get(event);
    if (!batch) {
      batch = { event, sessionIds: [], sequences: [], receivers: [] };
      this.pending.set(event, batch);
      if (!this.flushQueued) {
        this.flushQueued = true;
        queueMicrotask(() => this.flush());
      }
    }
    batch.sessionIds.push(sessionId);
    batch.sequences.push(seq);
    batch.receivers.push(undefined);
  }

  /**
   * The frame of the append just made goes back to `receiver` once it is recorded (in call
   * order: one connection, one script call per event); a refused one never does (onRefused).
   * No promise per session and frame: a fan-out to a thousand sessions made four promises for each.
   */
  whenWritten(receiver: FrameReceiver, _sequence: number, event: SerializedEvent): void {
    const receivers = this.pending.get(event)?.receivers;
    if (receivers) receivers[receivers.length - 1] = receiver;
  }

  /** Sends the queued appends, one script call per event (per slice of its sessions), in the order they were made. */
  private flush(): void {
    this.flushQueued = false;
    const batches = [...this.pending.values()];
    this.pending.clear();
    for (const batch of batches) {
      const ref = this.refOf(batch.event);
      for (let from = 0; from < batch.sessionIds.length; from += SESSIONS_PER_CALL) this.send(batch, ref, from);
    }
  }

  private send(batch: Batch, ref: string, from: number): void {
    const ttl = this.options.liveTtlMs ?? 15 * 60_000;
    const to = Math.min(from + SESSIONS_PER_CALL, batch.sessionIds.length);
    const { event, sessionIds, sequences, receivers } = batch;
    const body = from === 0 ? bodyOf(event) : "";
    const args: (string | number)[] = [
      body,
      ttl,
      this.capacity,
      this.nodeId,
      event.id ?? "",
      ref,
      this.keys.replayPrefix,
      this.keys.sessionPrefix,
    ];
    for (let i = from; i < to; i++) args.push(sessionIds[i] as string, sequences[i] as number);
    this.appendScript(1, this.keys.event(ref), ...args).then(
      (results) => {
        const answers = results as number[];
        for (let i = from; i < to; i++) {
          if (answers[i - from] === 1) receivers[i]?.deliverWritten(sequences[i] as number, event);
          else this.options.onRefused?.(sessionIds[i] as string);
        }
      },
      (error: Error) => {
        console.error("gateway replay append failed", error.message);
        for (let i = from; i < to; i++) this.options.onRefused?.(sessionIds[i] as string);
      },
    );
  }

  private refOf(event: SerializedEvent): string {
    let ref = this.refs.get(event);
    if (!ref) {
      ref = `${this.refPrefix}:${(this.nextRef++).toString(36)}`;
      this.refs.set(event, ref);
    }
    return ref;
  }

  retain(sessionId: string, windowMs: number): void {
    this.flush();
    // Past the window the session has ended anyway; a little slack for the node's own timer.
    this.retainScript(...this.sessionKeys(sessionId), this.nodeId, windowMs + 5_000).catch((error) =>
      console.error("gateway replay retain failed", error),
    );
  }

  async since(sessionId: string, seq: number): Promise<string[] | null> {
    this.flush();
    const [refs, last] = this.sessionKeys(sessionId);
    try {
      const results = await this.redis.multi().lrange(refs, 0, -1).get(last).exec();
      const kept = (results?.[0]?.[1] as string[] | undefined) ?? [];
      const newest = Number(results?.[1]?.[1] ?? 0);
      if (kept.length === 0) return seq === 0 ? [] : null;
      const oldest = newest - kept.length + 1;
      if (seq > newest || seq < oldest - 1) return null;
      const wanted = kept.slice(seq - oldest + 1);
      if (wanted.length === 0) return [];
      const bodies = await this.redis.mget(wanted.map((ref) => this.keys.event(ref)));
      const frames: string[] = [];
      for (const [i, body] of bodies.entries()) {
        // An event body outlived by a session's list (kept `liveTtlMs`): the gap cannot be replayed.
        if (body === null) return null;
        frames.push(frameOf(body, seq + 1 + i));
      }
      return frames;
    } catch (error) {
      console.error("gateway replay read failed", error);
      return null;
    }
  }

  drop(sessionId: string): void {
    this.flush();
    this.retainScript(...this.sessionKeys(sessionId), this.nodeId, 0).catch((error) =>
      console.error("gateway replay drop failed", error),
    );
  }

  async close(): Promise<void> {
    this.flush();
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** An event's frame without its sequence number, as kept once for all its sessions: the head's length, the head, the tail. */
function bodyOf(event: SerializedEvent): string {
  const { head, tail } = event.frameAround();
  return `${head.length}:${head}${tail}`;
}

/** The frame numbered `sequence` from a kept body. */
function frameOf(body: string, sequence: number): string {
  const colon = body.indexOf(":");
  const end = colon + 1 + Number(body.slice(0, colon));
  return `${body.slice(colon + 1, end)}${sequence}${body.slice(end)}`;
}
