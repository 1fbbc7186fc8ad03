import type { DomainEvent } from "@chat/events";
import type { APIMessage } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { serializeMember } from "../../serializers";
import { memberInclude } from "../shared/selects";

interface ChannelRef {
  id: bigint;
  guildId: bigint | null;
}

/** A DM's recipients, the audience of its events. */
export async function dmRecipientIds(ctx: DomainContext, channelId: bigint): Promise<string[]> {
  const recipients = await ctx.db.dmRecipient.findMany({ where: { channelId }, select: { userId: true } });
  return recipients.map((r) => r.userId.toString());
}

/** The member object of a guild member (TYPING_START carries it whole). */
export async function guildMember(ctx: DomainContext, guildId: bigint, userId: bigint) {
  const member = await ctx.db.member.findUnique({ where: { guildId_userId: { guildId, userId } }, include: memberInclude });
  return member ? serializeMember(member, ctx.urls) : null;
}

/** The member object without its user, as message events carry it. */
export async function partialMember(ctx: DomainContext, guildId: bigint, userId: bigint) {
  const member = await guildMember(ctx, guildId, userId);
  if (!member) return null;
  const { user: _user, ...rest } = member;
  return rest;
}

/**
 * MESSAGE_CREATE / MESSAGE_UPDATE: in a guild to those who can see the channel, with
 * `guild_id` and the author's `member`; in a DM to its recipients.
 */
export async function messageEvent(ctx: DomainContext, t: "MESSAGE_CREATE" | "MESSAGE_UPDATE", wire: APIMessage, channel: ChannelRef): Promise<DomainEvent> {
  const channelId = channel.id.toString();
  if (!channel.guildId) return { t, d: wire, channelId, userIds: await dmRecipientIds(ctx, channel.id) };
  const member = await partialMember(ctx, channel.guildId, BigInt(wire.author.id));
  return {
    t,
    d: { ...wire, guild_id: channel.guildId.toString(), ...(member ? { member } : {}) },
    guildId: channel.guildId.toString(),
    channelId,
  };
}

/** MESSAGE_DELETE `{ id, channel_id, guild_id }` (no guild_id in a DM). */
export function messageDeleteEvent(channel: ChannelRef, messageId: bigint, dmUserIds: string[] = []): DomainEvent {
  const channelId = channel.id.toString();
  if (!channel.guildId) return { t: "MESSAGE_DELETE", d: { id: messageId.toString(), channel_id: channelId }, channelId, userIds: dmUserIds };
  const guildId = channel.guildId.toString();
  return { t: "MESSAGE_DELETE", d: { id: messageId.toString(), channel_id: channelId, guild_id: guildId }, guildId, channelId };
}
