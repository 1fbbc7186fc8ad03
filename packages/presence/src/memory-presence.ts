import { randomBytes } from "node:crypto";
import type { EventBus } from "@chat/events";
import { PresenceUpdateStatus } from "discord-api-types/v10";
import {
  type NodeView,
  type PresenceChange,
  type PresenceState,
  type PresenceStore,
  presenceEvents,
  type ShownStatus,
} from "./presence";

export interface MemoryPresenceOptions {
  /** How long another process's views count after its last sign of life. */
  livenessMs?: number;
  /** How often the views of processes gone silent are dropped. */
  sweepMs?: number;
}

/** What another process's update resolves with: as PresenceState.update, and whether its views here had been dropped. */
export interface RemoteUpdate {
  at: number;
  change: PresenceChange | null;
  /** Its views had been dropped (it was silent too long, or this process restarted): it must write them again. */
  swept: boolean;
}

interface RecordedView {
  status: ShownStatus;
  at: number;
}

/**
 * Presences without Redis: the server process (the event hub) keeps every node's view of each
 * user in memory, by the rules RedisPresence keeps in Redis. Its own gateway's views always
 * count; a web app process writes its views over the server's internal API (presence-api.ts),
 * and they count while it shows signs of life (each call, and its heartbeat). The views of a
 * process silent for `livenessMs` are dropped and the changes that makes announced here.
 * A user shows the status set most recently among the counting views (offline: none); each
 * change is numbered, and a superseded change is never published.
 */
export class MemoryPresence implements PresenceStore, PresenceState {
  /** This process's own node. */
  readonly nodeId = randomBytes(8).toString("hex");
  private readonly livenessMs: number;
  /** Per user, per node, that node's view. */
  private readonly views = new Map<string, Map<string, RecordedView>>();
  /** Per node, the users it has views of (so a silent node's views can be dropped). */
  private readonly usersOf = new Map<string, Set<string>>();
  /** Per other node, until when (ms) its views count; absent: it has none here. */
  private readonly liveUntil = new Map<string, number>();
  /** Per user, the last change decided; an offline one until it is published. */
  private readonly shown = new Map<string, PresenceChange>();
  private version = 0;
  private changeListeners: ((userId: string, change: PresenceChange) => void)[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly bus: EventBus,
    options: MemoryPresenceOptions = {},
  ) {
    this.livenessMs = options.livenessMs ?? 15_000;
    this.timer = setInterval(() => this.sweep(), options.sweepMs ?? 5_000);
    this.timer.unref();
  }

  async statuses(userIds: readonly string[]): Promise<Map<string, ShownStatus>> {
    const found = new Map<string, ShownStatus>();
    for (const userId of userIds) {
      const status = this.combined(userId);
      if (status !== PresenceUpdateStatus.Offline) found.set(userId, status);
    }
    return found;
  }

  async update(
    userId: string,
    view: NodeView | null,
    quiet = false,
  ): Promise<{ at: number; change: PresenceChange | null }> {
    return this.write(this.nodeId, userId, view, quiet);
  }

  /** Another process's view of `userId` is now `view` (its update over the internal API). */
  updateFrom(nodeId: string, userId: string, view: NodeView | null): RemoteUpdate {
    const swept = this.heardFrom(nodeId);
    return { ...this.write(nodeId, userId, view, false), swept };
  }

  /** Another process's heartbeat: its views keep counting. */
  beat(nodeId: string): { swept: boolean } {
    return { swept: this.heardFrom(nodeId) };
  }

  async publish(userId: string, change: PresenceChange, guildIds: readonly string[]): Promise<void> {
    if (this.shown.get(userId)?.version !== change.version) return;
    if (change.status === PresenceUpdateStatus.Offline) this.shown.delete(userId);
    // Each publish starts in call order, before anything else can run: one change's events are never interleaved with another's.
    await Promise.all(presenceEvents(userId, change.status, guildIds).map((event) => this.bus.publish(event)));
  }

  onChange(listener: (userId: string, change: PresenceChange) => void): void {
    this.changeListeners.push(listener);
  }

  /** This process's own views never lapse: they live exactly as long as this memory. */
  onLapse(): void {}

  async close(): Promise<void> {
    clearInterval(this.timer);
  }

  /** Marks another node alive for `livenessMs`; true when it had no views counting here (dropped, or never written). */
  private heardFrom(nodeId: string): boolean {
    if (nodeId === this.nodeId) throw new Error("another process used this process's node id");
    const swept = !this.liveUntil.has(nodeId);
    this.liveUntil.set(nodeId, Date.now() + this.livenessMs);
    return swept;
  }

  private write(
    nodeId: string,
    userId: string,
    view: NodeView | null,
    quiet: boolean,
  ): { at: number; change: PresenceChange | null } {
    const at = view?.at ?? Date.now();
    const views = this.views.get(userId) ?? new Map<string, RecordedView>();
    const users = this.usersOf.get(nodeId) ?? new Set<string>();
    if (view) {
      views.set(nodeId, { status: view.status, at });
      users.add(userId);
    } else {
      views.delete(nodeId);
      users.delete(userId);
    }
    if (views.size > 0) this.views.set(userId, views);
    else this.views.delete(userId);
    if (users.size > 0) this.usersOf.set(nodeId, users);
    else this.usersOf.delete(nodeId);
    const status = this.combined(userId);
    if (quiet && status === PresenceUpdateStatus.Offline) return { at, change: null };
    return { at, change: this.decide(userId, status) };
  }

  /** The status set most recently among the views that count (ties: the greater node id), offline when none does. */
  private combined(userId: string): ShownStatus {
    const now = Date.now();
    let best: { status: ShownStatus; at: number; node: string } | null = null;
    for (const [node, view] of this.views.get(userId) ?? []) {
      if (node !== this.nodeId && (this.liveUntil.get(node) ?? 0) < now) continue;
      if (!best || view.at > best.at || (view.at === best.at && node > best.node)) best = { ...view, node };
    }
    return best?.status ?? PresenceUpdateStatus.Offline;
  }

  /** The change to announce when `status` differs from what was last decided for the user. */
  private decide(userId: string, status: ShownStatus): PresenceChange | null {
    if ((this.shown.get(userId)?.status ?? PresenceUpdateStatus.Offline) === status) return null;
    const change = { status, version: ++this.version };
    this.shown.set(userId, change);
    return change;
  }

  /** Drops the views of nodes gone silent; the changes that makes go to the change listeners to announce. */
  private sweep(): void {
    const now = Date.now();
    for (const [node, until] of this.liveUntil) {
      if (until >= now) continue;
      this.liveUntil.delete(node);
      for (const userId of this.usersOf.get(node) ?? []) {
        const views = this.views.get(userId);
        views?.delete(node);
        if (views?.size === 0) this.views.delete(userId);
        const change = this.decide(userId, this.combined(userId));
        if (change) for (const listener of this.changeListeners) listener(userId, change);
      }
      this.usersOf.delete(node);
    }
  }
}
