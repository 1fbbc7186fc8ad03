import { type GatewayPresenceUpdate, PresenceUpdateStatus } from "discord-api-types/v10";

/** A status as other bots see it. */
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

/**
 * The presences other bots are shown, by user. Fed from the PRESENCE_UPDATE events on the
 * bus (so each node hears every node's updates); read for GUILD_CREATE and member chunks.
 * Per node for now: a Redis-backed one would also survive restarts and let a new node know
 * presences set before it started.
 */
export interface PresenceStore {
  record(userId: string, status: ShownStatus): void;
  /** The statuses of those among `userIds` who are not offline. */
  statuses(userIds: readonly string[]): Promise<Map<string, ShownStatus>>;
}

export class MemoryPresenceStore implements PresenceStore {
  private shown = new Map<string, ShownStatus>();

  record(userId: string, status: ShownStatus): void {
    if (status === PresenceUpdateStatus.Offline) this.shown.delete(userId);
    else this.shown.set(userId, status);
  }

  async statuses(userIds: readonly string[]): Promise<Map<string, ShownStatus>> {
    const found = new Map<string, ShownStatus>();
    for (const id of userIds) {
      const status = this.shown.get(id);
      if (status) found.set(id, status);
    }
    return found;
  }
}

/** The presences of a guild's members who are not offline, for GUILD_CREATE. */
export async function guildPresences(store: PresenceStore, guildId: string, memberIds: readonly string[]): Promise<GatewayPresenceUpdate[]> {
  const statuses = await store.statuses(memberIds);
  return [...statuses].map(([userId, status]) => presencePayload(userId, guildId, status));
}

/** A GUILD_CREATE payload with `presences` filled, for sessions holding Guild Presences. */
export async function withPresences<G extends { id: string; members: readonly { user: { id: string } }[] }>(
  store: PresenceStore,
  guild: G,
): Promise<G & { presences: GatewayPresenceUpdate[] }> {
  return { ...guild, presences: await guildPresences(store, guild.id, guild.members.map((m) => m.user.id)) };
}
