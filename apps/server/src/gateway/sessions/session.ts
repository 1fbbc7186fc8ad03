import type { Listener } from "@chat/domain";
import type { SerializedEvent } from "../connection/payloads";
import type { FrameReceiver, ReplayStore } from "./replay-store";

/** Whether a guild belongs to shard `[id, count]` (spec: Sharding, `(guild_id >> 22) % count`); every guild without sharding. */
export function shardHoldsGuild(shard: [number, number] | null, guildId: string): boolean {
  if (!shard) return true;
  const [id, count] = shard;
  return Number((BigInt(guildId) >> 22n) % BigInt(count)) === id;
}

/** The connection carrying a session: where its frames go, and how it is taken away. */
export interface SessionCarrier {
  send(payload: string | Buffer): void;
  /** The session was resumed on another connection: this one closes with 4000. */
  displace(): void;
}

export interface SessionIdentity {
  id: string;
  userId: string;
  applicationId: string;
  intents: number;
  /** `[id, count]` from Identify, or null when the bot did not shard. */
  shard: [number, number] | null;
}

/**
 * One bot session: its own sequence numbers, the guilds it receives, and the connection
 * currently carrying it (none while it waits for a Resume). Every numbered dispatch is also
 * recorded in the replay store, carried or not; with a shared store a frame goes out only once
 * its append has landed, so a client never holds an event another node could not replay.
 * Dispatches are held back while Identify sends READY and the GUILD_CREATEs (or while a
 * session taken over from another node is caught up), then flushed in order.
 */
export class Session implements Listener, FrameReceiver {
  readonly id: string;
  readonly userId: string;
  readonly applicationId: string;
  readonly intents: number;
  readonly shard: [number, number] | null;
  /** Guilds this session receives events of; maintained by the SessionRegistry. */
  readonly guildIds = new Set<string>();
  private sequence: number;
  /** The newest sequence number handed to a connection (or passed while none carried the session). */
  private delivered: number;
  /** Frames waiting for their append to land, in sequence order (shared replay store). */
  private outbox: Promise<void> = Promise.resolve();
  private output: SessionCarrier | null = null;
  private held: SerializedEvent[] | null = [];
  private releaseWaiters: (() => void)[] = [];

  /** `lastSequence`: where numbering continues (a session taken over from another node). */
  constructor(
    identity: SessionIdentity,
    private readonly replay: ReplayStore,
    lastSequence = 0,
  ) {
    this.sequence = lastSequence;
    this.delivered = lastSequence;
    this.id = identity.id;
    this.userId = identity.userId;
    this.applicationId = identity.applicationId;
    this.intents = identity.intents;
    this.shard = identity.shard;
  }

  get lastSequence(): number {
    return this.sequence;
  }

  get attached(): boolean {
    return this.output !== null;
  }

  get carrier(): SessionCarrier | null {
    return this.output;
  }

  /** Past its Identify (READY and GUILD_CREATEs sent): only then can it be resumed. */
  get resumable(): boolean {
    return this.held === null;
  }

  /** Everything numbered so far has reached `output` (READY comes next, or a Resume's replay was sent). */
  attach(output: SessionCarrier): void {
    this.output = output;
    this.delivered = this.sequence;
  }

  detach(): void {
    this.output = null;
  }

  /** Whether a guild's events belong to this session's shard: (guild_id >> 22) % count. */
  handlesGuild(guildId: string): boolean {
    return shardHoldsGuild(this.shard, guildId);
  }

  /** DMs go to shard 0 only. */
  get handlesDirectMessages(): boolean {
    return !this.shard || this.shard[0] === 0;
  }

  /** An event from the bus: held during Identify, otherwise sent with the next sequence number. */
  dispatch(event: SerializedEvent): void {
    if (this.held) this.held.push(event);
    else this.send(event);
  }

  /** READY, the Identify GUILD_CREATEs and RESUMED: sent ahead of anything held. */
  dispatchNow(event: SerializedEvent): void {
    this.send(event);
  }

  /** Ends the Identify hold: what arrived meanwhile goes out now, in order. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.send(event);
    for (const resolve of this.releaseWaiters.splice(0)) resolve();
  }

  /** Resolves once the session is resumable (at once if it is), or after `timeoutMs`. */
  whenResumable(timeoutMs: number): Promise<void> {
    if (this.resumable) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.releaseWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private send(event: SerializedEvent): void {
    const sequence = ++this.sequence;
    const recorded = this.replay.append(this.id, sequence, event);
    if (!recorded) {
      if (this.replay.whenWritten) this.replay.whenWritten(this, sequence, event);
      else this.deliver(sequence, event);
      return;
    }
    this.outbox = this.outbox
      .then(() => recorded)
      .then((ok) => {
        if (ok) this.deliver(sequence, event);
      })
      .catch((error) => console.error("gateway delivery failed", error));
  }

  /** A frame the replay store has written (whenWritten). */
  deliverWritten(sequence: number, event: SerializedEvent): void {
    this.deliver(sequence, event);
  }

  private deliver(sequence: number, event: SerializedEvent): void {
    if (sequence <= this.delivered) return;
    this.delivered = sequence;
    this.output?.send(event.frameBytes(sequence));
  }
}
