import { has, Permission } from "./bits";
import {
  type ChannelSnapshot,
  computeChannelPermissions,
  type GuildSnapshot,
  type MemberSnapshot,
  type OverwriteSnapshot,
} from "./compute";
import { isThreadType } from "./load";

const CATEGORY = 4;

export interface OverwrittenChannel {
  id: bigint;
  type: number;
  parentId: bigint | null;
  overwrites: OverwriteSnapshot[];
}

/** The permission engine's view of a guild from rows already loaded (roles with positions and bits). */
export function guildSnapshotFromRows(guild: {
  id: bigint;
  ownerId: bigint;
  roles: { id: bigint; position: number; permissions: bigint }[];
}): GuildSnapshot {
  return {
    id: guild.id,
    ownerId: guild.ownerId,
    roles: new Map(guild.roles.map((r) => [r.id, { id: r.id, position: r.position, permissions: r.permissions }])),
  };
}

/**
 * Who may view a channel, decided here only: View Channel there after overwrites (the owner
 * and Administrator hold it). REST lists, GUILD_CREATE, event audiences and the CHANNEL_CREATE
 * / CHANNEL_DELETE of a permission change all ask this.
 */
export function canViewChannel(guild: GuildSnapshot, member: MemberSnapshot, channel: ChannelSnapshot): boolean {
  return has(computeChannelPermissions(guild, member, channel), Permission.ViewChannel);
}

/**
 * The channels of a guild a member may see listed: those it can view, plus the category of
 * each of them even when the category itself is hidden (spec: "channels the bot can see,
 * with their categories"). Threads are not listed here.
 */
export function listableGuildChannels<C extends OverwrittenChannel>(
  guild: GuildSnapshot,
  member: MemberSnapshot,
  channels: C[],
): C[] {
  const candidates = channels.filter((c) => !isThreadType(c.type));
  const visible = new Set(candidates.filter((c) => canViewChannel(guild, member, c)).map((c) => c.id));
  const parentsOfVisible = new Set(
    candidates.filter((c) => visible.has(c.id) && c.parentId !== null).map((c) => c.parentId as bigint),
  );
  return candidates.filter((c) => visible.has(c.id) || (c.type === CATEGORY && parentsOfVisible.has(c.id)));
}

/** Threads a member can see: those whose parent channel it can view (all threads are public, rule 5). */
export function visibleThreads<C extends OverwrittenChannel>(
  guild: GuildSnapshot,
  member: MemberSnapshot,
  channels: C[],
): C[] {
  const byId = new Map(channels.map((c) => [c.id, c]));
  return channels.filter((c) => {
    if (!isThreadType(c.type) || c.parentId === null) return false;
    const parent = byId.get(c.parentId);
    return parent !== undefined && canViewChannel(guild, member, parent);
  });
}
