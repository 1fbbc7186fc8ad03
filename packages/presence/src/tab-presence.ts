import { randomBytes } from "node:crypto";
import { PresenceUpdateStatus } from "discord-api-types/v10";
import type { PresenceSession, PresenceTracker } from "./presence-tracker";

/** How long a closed tab still counts: a reload or a brief reconnect does not flap offline and online. */
export const TAB_GRACE_MS = 5_000;

export interface TabPresenceOptions {
  /** How long a closed tab keeps its person online (default TAB_GRACE_MS). */
  graceMs?: number;
}

/**
 * People's presence from their open browser tabs in one web app process: each open tab of the
 * live stream is a session of its person, online, so a person is online while they have a tab
 * open on any web process (the PresenceState combines the processes). A closed tab counts for
 * `graceMs` more: a tab reopened within it (a reload, a reconnect, here or on another process)
 * keeps the person online without an offline in between.
 */
export class TabPresence {
  private readonly graceMs: number;
  private readonly sessions = new WeakMap<object, PresenceSession>();
  private readonly closing = new Set<NodeJS.Timeout>();

  constructor(
    private readonly tracker: PresenceTracker,
    options: TabPresenceOptions = {},
  ) {
    this.graceMs = options.graceMs ?? TAB_GRACE_MS;
  }

  opened(tab: { readonly userId: string }): void {
    if (this.sessions.has(tab)) return;
    const session = { id: randomBytes(8).toString("hex"), userId: tab.userId };
    this.sessions.set(tab, session);
    this.tracker.set(session, PresenceUpdateStatus.Online);
  }

  closed(tab: { readonly userId: string }): void {
    const session = this.sessions.get(tab);
    if (!session) return;
    this.sessions.delete(tab);
    const timer = setTimeout(() => {
      this.closing.delete(timer);
      this.tracker.ended(session);
    }, this.graceMs);
    timer.unref();
    this.closing.add(timer);
  }

  /** Stops counting down: this process is going away, and its views lapse where they meet the others'. */
  close(): void {
    for (const timer of this.closing) clearTimeout(timer);
    this.closing.clear();
  }
}
