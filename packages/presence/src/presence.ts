import type { DispatchEvent } from "@chat/events";
import { GatewayDispatchEvents, type GatewayPresenceUpdate, PresenceUpdateStatus } from "discord-api-types/v10";

/** A status as others see it (bots on the gateway, people in the web app). */
export type ShownStatus = PresenceUpdateStatus.Online | PresenceUpdateStatus.Idle | PresenceUpdateStatus.Offline;

/**
 * Presence Update `status` as others see it (spec: Presence Update): online and idle as they
 * are, dnd shown as online, invisible (and offline) shown as offline. Undefined when the
 * value is not a status.
 */
export function shownStatus(requested: unknown): ShownStatus | undefined {
  switch (requested) {
    case PresenceUpdateStatus.Online:
    case PresenceUpdateStatus.DoNotDisturb:
      return PresenceUpdateStatus.Online;
    case PresenceUpdateStatus.Idle:
      return PresenceUpdateStatus.Idle;
    case PresenceUpdateStatus.Invisible:
    case PresenceUpdateStatus.Offline:
      return PresenceUpdateStatus.Offline;
    default:
      return undefined;
  }
}

/** One user's presence in one guild; activities are never shown to others. */
export function presencePayload(userId: string, guildId: string, status: ShownStatus): GatewayPresenceUpdate {
  return {
    user: { id: userId },
    guild_id: guildId,
    status,
    activities: [],
    client_status: status === PresenceUpdateStatus.Offline ? {} : { web: status },
  } satisfies GatewayPresenceUpdate;
}

/** A change of one user's status as it goes on the bus: one PRESENCE_UPDATE per guild they are in. */
export function presenceEvents(userId: string, status: ShownStatus, guildIds: readonly string[]): DispatchEvent[] {
  return guildIds.map((guildId) => ({
    t: GatewayDispatchEvents.PresenceUpdate,
    d: presencePayload(userId, guildId, status),
    guildId,
  }));
}

/**
 * What others are shown, by user; read for GUILD_CREATE, member chunks and the web app's
 * member list. Every implementation is also the PresenceState where the views meet, so a
 * process reads what was decided, whichever process set it (memory-presence.ts,
 * redis-presence.ts, remote-presence.ts).
 */
export interface PresenceStore {
  /** The statuses of those among `userIds` who are not offline. */
  statuses(userIds: readonly string[]): Promise<Map<string, ShownStatus>>;
}

/**
 * A node is a process holding presence sessions: a gateway node (bots' sessions) or a web app
 * process (people's open tabs). What one node's sessions of a user show: the status set last among them, and when it was
 * set (ms, by the shared clock; unknown until the shared state has recorded it, 0 for a
 * status that yields to any set later, such as a session taken over from another node).
 */
export interface NodeView {
  status: ShownStatus;
  at?: number;
}

/** A change of a user's combined status that the caller must announce. */
export interface PresenceChange {
  status: ShownStatus;
  /** Which change of the user this is: `publish` of a superseded change does nothing. */
  version: number;
}

/**
 * Where the nodes' views of each user meet (PresenceTracker writes this node's view). A user
 * shows the status set most recently among the views of live nodes, offline when there is
 * none; each change of that goes to exactly one node to announce. In Redis with REDIS_URL
 * (redis-presence.ts); otherwise in the server process's memory (memory-presence.ts), which
 * the web app reaches over the server's internal API (remote-presence.ts).
 */
export interface PresenceState {
  /**
   * This node's view of `userId` is now `view` (null: no session of it here any more).
   * `quiet`: the user's sessions here moved to another node, which will write its own view:
   * a resulting offline is not announced. Resolves with the time recorded for `view`, and the
   * change to announce, if any.
   */
  update(
    userId: string,
    view: NodeView | null,
    quiet?: boolean,
  ): Promise<{ at: number; change: PresenceChange | null }>;
  /** Publishes a change's PRESENCE_UPDATEs (one per guild of `guildIds`), unless a later change of the user superseded it. */
  publish(userId: string, change: PresenceChange, guildIds: readonly string[]): Promise<void>;
  /** Changes this node must announce that no update of its own caused (views of dead nodes dropped). */
  onChange(listener: (userId: string, change: PresenceChange) => void): void;
  /** Called when this node's views may have been dropped (it was taken for dead): write them again. */
  onLapse(listener: () => void): void;
  close(): Promise<void>;
}

/** The presences of a guild's members who are not offline, for GUILD_CREATE. */
export async function guildPresences(
  store: PresenceStore,
  guildId: string,
  memberIds: readonly string[],
): Promise<GatewayPresenceUpdate[]> {
  const statuses = await store.statuses(memberIds);
  return [...statuses].map(([userId, status]) => presencePayload(userId, guildId, status));
}

/** A GUILD_CREATE payload with `presences` filled, for sessions holding Guild Presences. */
export async function withPresences<G extends { id: string; members: readonly { user: { id: string } }[] }>(
  store: PresenceStore,
  guild: G,
): Promise<G & { presences: GatewayPresenceUpdate[] }> {
  return {
    ...guild,
    presences: await guildPresences(
      store,
      guild.id,
      guild.members.map((m) => m.user.id),
    ),
  };
}
