import type { NodeView, PresenceChange, PresenceState, ShownStatus } from "./presence";

/** Whatever makes a user present: a bot's gateway session, a person's open browser tab. */
export interface PresenceSession {
  readonly id: string;
  readonly userId: string;
}

/**
 * Presences as one node's sessions set them. Bots: their gateway sessions (Identify's
 * `presence`, then op 3). People: their open browser tabs in a web app process, each online
 * (tab-presence.ts). A user shows the status their sessions set last, on whichever node; they
 * go offline when their last session anywhere ends. This node's sessions give this node's
 * view of the user (the status set last among them), which goes to the PresenceState, where
 * the views of all live nodes combine and one node announces each change. Each change of what
 * others see goes on the bus as one PRESENCE_UPDATE per guild the user is in, so every gateway
 * node's dispatcher delivers it (Guild Presences intent) and every web process's live streams
 * show it to the guild's members.
 */
export class PresenceTracker {
  /** Per user, its sessions' statuses in the order they were last set (latest last). */
  private bySession = new Map<string, Map<string, NodeView>>();
  /** Per user, the work (state updates, then announcements) still running, in order. */
  private queues = new Map<string, Promise<void>>();

  constructor(
    private readonly state: PresenceState,
    private readonly guildIdsOf: (userId: string) => Promise<string[]>,
  ) {
    state.onChange((userId, change) => this.enqueue(userId, () => this.publish(userId, change)));
    state.onLapse(() => {
      for (const userId of this.bySession.keys()) this.sync(userId);
    });
  }

  set(session: PresenceSession, status: ShownStatus): void {
    const statuses = this.bySession.get(session.userId) ?? new Map<string, NodeView>();
    statuses.delete(session.id);
    statuses.set(session.id, { status });
    this.bySession.set(session.userId, statuses);
    this.sync(session.userId);
  }

  ended(session: PresenceSession): void {
    const statuses = this.bySession.get(session.userId);
    if (!statuses?.delete(session.id)) return;
    if (statuses.size === 0) this.bySession.delete(session.userId);
    this.sync(session.userId);
  }

  /**
   * A session taken over from another node, whose status was announced there: known here from
   * now on (so its end is announced). It yields to every status set later, on any node, and
   * to those of this node's own sessions.
   */
  adopt(session: PresenceSession, status: ShownStatus): void {
    const statuses = this.bySession.get(session.userId) ?? new Map<string, NodeView>();
    if (statuses.has(session.id)) return;
    this.bySession.set(session.userId, new Map([[session.id, { status, at: 0 }], ...statuses]));
    if (statuses.size === 0) this.sync(session.userId);
  }

  /**
   * The session moved to another node, which now shows it: forgotten here. When it was this
   * node's last one of its bot, an offline that results is not announced (the other node's
   * view of the bot is on its way).
   */
  moved(session: PresenceSession): void {
    const statuses = this.bySession.get(session.userId);
    if (!statuses?.delete(session.id)) return;
    if (statuses.size === 0) this.bySession.delete(session.userId);
    this.sync(session.userId, statuses.size === 0);
  }

  /** Resolves once every change so far has been written and published (for shutdown and tests). */
  async settled(): Promise<void> {
    while (this.queues.size > 0) await Promise.all(this.queues.values());
  }

  private current(userId: string): NodeView | null {
    return [...(this.bySession.get(userId)?.values() ?? [])].at(-1) ?? null;
  }

  /** Writes this node's view of the user as it is now; announces the change of what others see, if any. */
  private sync(userId: string, quiet = false): void {
    const view = this.current(userId);
    this.enqueue(userId, async () => {
      const { at, change } = await this.state.update(userId, view && { status: view.status, at: view.at }, quiet);
      if (view && view.at === undefined) view.at = at;
      if (change) await this.publish(userId, change);
    });
  }

  /** Runs `work` after the user's earlier work, so changes are written and published in the order they happened. */
  private enqueue(userId: string, work: () => Promise<void>): void {
    const queue = (this.queues.get(userId) ?? Promise.resolve())
      .then(work)
      .catch((error) => console.error("presence update failed", error));
    this.queues.set(userId, queue);
    void queue.then(() => {
      if (this.queues.get(userId) === queue) this.queues.delete(userId);
    });
  }

  private async publish(userId: string, change: PresenceChange): Promise<void> {
    await this.state.publish(userId, change, await this.guildIdsOf(userId));
  }
}
