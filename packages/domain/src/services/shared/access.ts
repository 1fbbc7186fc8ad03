import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import {
  canViewChannel,
  computeBasePermissions,
  computeChannelPermissions,
  type GuildSnapshot,
  has,
  loadGuildSnapshot,
  loadMemberSnapshot,
  type MemberSnapshot,
} from "../../permissions";
import { type ChannelAccessRows, loadChannelAccessRows } from "./channel-access-row";

export interface GuildAccess {
  guild: GuildSnapshot;
  member: MemberSnapshot;
  permissions: bigint;
}

export interface ChannelAccess {
  channel: ChannelAccessRows["channel"];
  /** Null for DM channels. */
  guild: GuildSnapshot | null;
  /** With the nick and join date member objects carry when the access was loaded with them. */
  member: (MemberSnapshot & { nick?: string | null; joinedAt?: Date }) | null;
  permissions: bigint;
}

/** The caller's standing in a guild; a guild it is not in answers Unknown Guild (rule 9). */
export async function guildAccess(ctx: DomainContext, guildId: bigint, userId: bigint): Promise<GuildAccess> {
  const [guild, member] = await Promise.all([
    loadGuildSnapshot(ctx.db, guildId),
    loadMemberSnapshot(ctx.db, guildId, userId),
  ]);
  if (!guild || !member) throw Errors.unknownGuild();
  return { guild, member, permissions: computeBasePermissions(guild, member) };
}

/** A channel the caller can see, with its permissions there; anything else is Unknown Channel. */
export async function channelAccess(ctx: DomainContext, channelId: bigint, userId: bigint): Promise<ChannelAccess> {
  const rows = await loadChannelAccessRows(ctx.db, channelId, userId);
  if (!rows) throw Errors.unknownChannel();
  const { channel, guild, member, governing } = rows;
  if (channel.guildId === null) {
    if (!rows.dmRecipient) throw Errors.unknownChannel();
    return { channel, guild: null, member: null, permissions: 0n };
  }
  if (!guild || !member) throw Errors.unknownChannel();
  if (!canViewChannel(guild, member, governing)) throw Errors.unknownChannel();
  return { channel, guild, member, permissions: computeChannelPermissions(guild, member, governing) };
}

/**
 * channelAccess, shared with the caller's other message requests while no event has changed
 * access (see ChannelAccessCache): for the message paths, which never read the channel's
 * last message, count or activity from it. Without the process's caches, channelAccess.
 */
export function messageTrafficAccess(ctx: DomainContext, channelId: bigint, userId: bigint): Promise<ChannelAccess> {
  const cache = ctx.caches?.channelAccess;
  return cache
    ? cache.shared(channelId, userId, () => channelAccess(ctx, channelId, userId))
    : channelAccess(ctx, channelId, userId);
}

/**
 * A member's standing in a guild channel whether or not they can view it: what a bot answering
 * an interaction there writes with (interaction replies are the application's, not the bot's
 * channel messages). Unknown Channel when the channel or the membership is gone.
 */
export async function memberChannelStanding(
  ctx: DomainContext,
  channelId: bigint,
  userId: bigint,
): Promise<ChannelAccess> {
  const rows = await loadChannelAccessRows(ctx.db, channelId, userId);
  if (!rows?.channel.guildId) throw Errors.unknownChannel();
  const { channel, guild, member, governing } = rows;
  if (!guild || !member) throw Errors.unknownChannel();
  return { channel, guild, member, permissions: computeChannelPermissions(guild, member, governing) };
}

export function requirePermission(permissions: bigint, needed: bigint): void {
  if (!has(permissions, needed)) throw Errors.missingPermissions();
}
