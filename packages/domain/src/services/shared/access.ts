import type { ChannelModel as Channel } from "@chat/db";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import {
  canViewChannel,
  computeBasePermissions,
  computeChannelPermissions,
  type GuildSnapshot,
  has,
  loadChannelSnapshot,
  loadGuildSnapshot,
  loadMemberSnapshot,
  type MemberSnapshot,
} from "../../permissions";
import { channelInclude } from "./selects";

export interface GuildAccess {
  guild: GuildSnapshot;
  member: MemberSnapshot;
  permissions: bigint;
}

export interface ChannelAccess {
  channel: Channel & { overwrites: { targetId: bigint; type: number; allow: bigint; deny: bigint }[]; _count: { threadMembers: number } };
  /** Null for DM channels. */
  guild: GuildSnapshot | null;
  member: MemberSnapshot | null;
  permissions: bigint;
}

/** The caller's standing in a guild; a guild it is not in answers Unknown Guild (rule 9). */
export async function guildAccess(ctx: DomainContext, guildId: bigint, userId: bigint): Promise<GuildAccess> {
  const [guild, member] = await Promise.all([loadGuildSnapshot(ctx.db, guildId), loadMemberSnapshot(ctx.db, guildId, userId)]);
  if (!guild || !member) throw Errors.unknownGuild();
  return { guild, member, permissions: computeBasePermissions(guild, member) };
}

/** A channel the caller can see, with its permissions there; anything else is Unknown Channel. */
export async function channelAccess(ctx: DomainContext, channelId: bigint, userId: bigint): Promise<ChannelAccess> {
  const channel = await ctx.db.channel.findUnique({ where: { id: channelId }, include: channelInclude });
  if (!channel) throw Errors.unknownChannel();
  if (channel.guildId === null) {
    const recipient = await ctx.db.dmRecipient.findUnique({ where: { channelId_userId: { channelId, userId } } });
    if (!recipient) throw Errors.unknownChannel();
    return { channel, guild: null, member: null, permissions: 0n };
  }
  const [guild, member] = await Promise.all([loadGuildSnapshot(ctx.db, channel.guildId), loadMemberSnapshot(ctx.db, channel.guildId, userId)]);
  if (!guild || !member) throw Errors.unknownChannel();
  const governing = await loadChannelSnapshot(ctx.db, channel);
  if (!canViewChannel(guild, member, governing)) throw Errors.unknownChannel();
  return { channel, guild, member, permissions: computeChannelPermissions(guild, member, governing) };
}

/**
 * A member's standing in a guild channel whether or not they can view it: what a bot answering
 * an interaction there writes with (interaction replies are the application's, not the bot's
 * channel messages). Unknown Channel when the channel or the membership is gone.
 */
export async function memberChannelStanding(ctx: DomainContext, channelId: bigint, userId: bigint): Promise<ChannelAccess> {
  const channel = await ctx.db.channel.findUnique({ where: { id: channelId }, include: channelInclude });
  if (!channel?.guildId) throw Errors.unknownChannel();
  const [guild, member] = await Promise.all([loadGuildSnapshot(ctx.db, channel.guildId), loadMemberSnapshot(ctx.db, channel.guildId, userId)]);
  if (!guild || !member) throw Errors.unknownChannel();
  const governing = await loadChannelSnapshot(ctx.db, channel);
  return { channel, guild, member, permissions: computeChannelPermissions(guild, member, governing) };
}

export function requirePermission(permissions: bigint, needed: bigint): void {
  if (!has(permissions, needed)) throw Errors.missingPermissions();
}
