import { randomBytes } from "node:crypto";
import { type InternalRpcClient, internalApiUrl, internalRpcClient } from "@chat/events";
import type { NodeView, PresenceChange, PresenceState, PresenceStore, ShownStatus } from "./presence";
import {
  PRESENCE_API_PATH,
  type PresenceAnswer,
  type PresenceCall,
  type PresenceOperation,
  STATUSES_PER_CALL,
} from "./presence-api";

export interface RemotePresenceOptions {
  /** How often this process tells the server it is alive (the server drops its views after 15 s of silence). */
  heartbeatMs?: number;
  /** How long one call may take. */
  timeoutMs?: number;
}

/**
 * Presences for a process that reaches the event hub without Redis (the web app): its views,
 * reads and announcements go to the server's memory (memory-presence.ts) over the server's
 * internal API, next to the hub's address, with the hub's shared secret. A heartbeat keeps
 * its views counting; when the server answers that they were dropped (it restarted, or this
 * process was silent too long), or a write failed, the lapse listeners write them again
 * once the server answers. Changes that the server's sweeps cause are announced by the
 * server itself.
 */
export class RemotePresence implements PresenceStore, PresenceState {
  readonly nodeId = randomBytes(8).toString("hex");
  private readonly rpc: InternalRpcClient;
  private readonly timer: NodeJS.Timeout;
  private lapseListeners: (() => void)[] = [];
  private beating: Promise<void> | null = null;
  private failing = false;
  /** A write failed: the server may lack some of this process's views until they are written again. */
  private unwritten = false;
  private closed = false;

  constructor(hubUrl: string, secret: string, options: RemotePresenceOptions = {}) {
    this.rpc = internalRpcClient({
      hubUrl,
      path: PRESENCE_API_PATH,
      secret,
      timeoutMs: options.timeoutMs ?? 5_000,
      name: "presence",
    });
    this.timer = setInterval(() => this.heartbeat(), options.heartbeatMs ?? 5_000);
    this.timer.unref();
  }

  async statuses(userIds: readonly string[]): Promise<Map<string, ShownStatus>> {
    const chunks: string[][] = [];
    for (let i = 0; i < userIds.length; i += STATUSES_PER_CALL) chunks.push(userIds.slice(i, i + STATUSES_PER_CALL));
    const answers = await Promise.all(chunks.map((chunk) => this.call("statuses", { userIds: chunk })));
    return new Map(answers.flatMap((answer) => Object.entries(answer.statuses)));
  }

  async update(userId: string, view: NodeView | null): Promise<{ at: number; change: PresenceChange | null }> {
    try {
      const { at, change, swept } = await this.call("update", { node: this.nodeId, user: userId, view });
      if (swept) this.lapsed();
      return { at, change };
    } catch (error) {
      this.unwritten = true;
      throw error;
    }
  }

  async publish(userId: string, change: PresenceChange, guildIds: readonly string[]): Promise<void> {
    await this.call("publish", {
      user: userId,
      status: change.status,
      version: change.version,
      guildIds: [...guildIds],
    });
  }

  /** The server announces the changes its sweeps make. */
  onChange(): void {}

  onLapse(listener: () => void): void {
    this.lapseListeners.push(listener);
  }

  /** Stops the heartbeat: this process's views lapse on the server, as after a crash. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.beating;
  }

  private heartbeat(): void {
    if (this.beating || this.closed) return;
    this.beating = this.call("beat", { node: this.nodeId })
      .then(({ swept }) => {
        if (this.failing) console.error("presence: the server answers again");
        this.failing = false;
        if (swept || this.unwritten) this.lapsed();
      })
      .catch((error) => {
        // Once per outage: the server may be restarting; the next answer says the views were dropped.
        if (!this.failing) console.error("presence heartbeat failed", error instanceof Error ? error.message : error);
        this.failing = true;
      })
      .finally(() => {
        this.beating = null;
      });
  }

  private lapsed(): void {
    this.unwritten = false;
    for (const listener of this.lapseListeners) listener();
  }

  private async call<N extends PresenceOperation>(operation: N, body: PresenceCall<N>): Promise<PresenceAnswer<N>> {
    return (await this.rpc.call(operation, body)) as PresenceAnswer<N>;
  }
}

/** The internal API's address, at the origin of the event hub's (`ws://host:port/internal/bus` gives `http://host:port/internal/presence`). */
export function presenceApiUrl(hubUrl: string): string {
  return internalApiUrl(hubUrl, PRESENCE_API_PATH);
}
