import type { EventBus } from "@chat/events";
import { GatewayDispatchEvents, PresenceUpdateStatus } from "discord-api-types/v10";
import { presencePayload, type ShownStatus } from "./presence";
import type { Session } from "./session";

/**
 * Bots' presences as their sessions on this node set them (Identify's `presence`, then
 * op 3). A bot shows the status its sessions set last; it goes offline when its last session
 * ends. Each change of what others see goes on the bus as one PRESENCE_UPDATE per guild the
 * bot is in, so every node's dispatcher delivers it (Guild Presences intent) and records it.
 *
 * People (the web app) have no presence tracking yet. Per node: a bot with sessions on
 * several nodes shows offline when one node's last session of it ends.
 */
export class PresenceTracker {
  /** Per user, its sessions' statuses in the order they were last set (latest last). */
  private bySession = new Map<string, Map<string, ShownStatus>>();
  private announced = new Map<string, ShownStatus>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly bus: EventBus,
    private readonly guildIdsOf: (userId: string) => Promise<string[]>,
  ) {}

  set(session: Session, status: ShownStatus): void {
    const statuses = this.bySession.get(session.userId) ?? new Map<string, ShownStatus>();
    statuses.delete(session.id);
    statuses.set(session.id, status);
    this.bySession.set(session.userId, statuses);
    this.announce(session.userId);
  }

  ended(session: Session): void {
    const statuses = this.bySession.get(session.userId);
    if (!statuses?.delete(session.id)) return;
    if (statuses.size === 0) this.bySession.delete(session.userId);
    this.announce(session.userId);
  }

  /**
   * A session taken over from another node, which had announced its status: known here
   * from now on (so its end is announced) without announcing it again. Statuses set on this
   * node's own sessions keep precedence.
   */
  adopt(session: Session, status: ShownStatus): void {
    const statuses = this.bySession.get(session.userId) ?? new Map<string, ShownStatus>();
    if (statuses.has(session.id)) return;
    this.bySession.set(session.userId, new Map([[session.id, status], ...statuses]));
    if (!this.announced.has(session.userId) && status !== PresenceUpdateStatus.Offline) this.announced.set(session.userId, this.current(session.userId));
  }

  /** The session moved to another node: forgotten here without announcing anything. */
  moved(session: Session): void {
    const statuses = this.bySession.get(session.userId);
    if (!statuses?.delete(session.id)) return;
    if (statuses.size > 0) return;
    this.bySession.delete(session.userId);
    this.announced.delete(session.userId);
  }

  /** Resolves once every change so far has been published (for shutdown and tests). */
  settled(): Promise<void> {
    return this.queue;
  }

  private current(userId: string): ShownStatus {
    const statuses = [...(this.bySession.get(userId)?.values() ?? [])];
    return statuses.at(-1) ?? PresenceUpdateStatus.Offline;
  }

  private announce(userId: string): void {
    const status = this.current(userId);
    if ((this.announced.get(userId) ?? PresenceUpdateStatus.Offline) === status) return;
    if (status === PresenceUpdateStatus.Offline) this.announced.delete(userId);
    else this.announced.set(userId, status);
    // Published in the order the changes happened.
    this.queue = this.queue.then(() => this.publish(userId, status)).catch((error) => console.error("presence publish failed", error));
  }

  private async publish(userId: string, status: ShownStatus): Promise<void> {
    for (const guildId of await this.guildIdsOf(userId)) {
      await this.bus.publish({ t: GatewayDispatchEvents.PresenceUpdate, d: presencePayload(userId, guildId, status), guildId });
    }
  }
}
