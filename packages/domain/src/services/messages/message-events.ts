import type { DomainEvent } from "@chat/events";
import type {
  APIGuildMemberNoUser,
  APIMessage,
  APIUserWithMember,
  GatewayMessageCreateDispatchData,
} from "discord-api-types/v10";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { type MemberRow, serializeMember } from "../../serializers";
import type { ChannelAccess } from "../shared/access";
import { memberInclude } from "../shared/selects";

interface ChannelRef {
  id: bigint;
  guildId: bigint | null;
}

/**
 * A DM's recipients, named as its events' `userIds`. Addressing, not an audience decision: the
 * two recipients are fixed when the DM is made and no permission applies in a DM; which of their
 * connections receive the event (tabs, sessions with Direct Messages) the audience module decides.
 */
export async function dmRecipientIds(ctx: DomainContext, channelId: bigint): Promise<string[]> {
  const recipients = await ctx.db.dmRecipient.findMany({ where: { channelId }, select: { userId: true } });
  return recipients.map((r) => r.userId.toString());
}

/** The member object of a guild member (TYPING_START carries it whole). */
export async function guildMember(ctx: DomainContext, guildId: bigint, userId: bigint) {
  const member = await ctx.db.member.findUnique({
    where: { guildId_userId: { guildId, userId } },
    include: memberInclude,
  });
  return member ? serializeMember(member, ctx.urls) : null;
}

/** The member objects without their user, as message events carry them, of those of `userIds` who are members of the guild (one query, none when `known` has them all). */
async function partialMembers(
  ctx: DomainContext,
  guildId: bigint,
  userIds: string[],
  known?: KnownMember,
): Promise<Map<string, APIGuildMemberNoUser>> {
  const wanted = new Set(userIds);
  if (known) wanted.delete(known.userId);
  const found = new Map<string, APIGuildMemberNoUser>(known ? [[known.userId, known.member]] : []);
  if (wanted.size === 0) return found;
  const ids = [...wanted].map((id) => BigInt(id));
  const rows = await ctx.db.member.findMany({ where: { guildId, userId: { in: ids } }, include: memberInclude });
  for (const row of rows) found.set(row.userId.toString(), withoutUser(serializeMember(row, ctx.urls)));
  return found;
}

function withoutUser(member: ReturnType<typeof serializeMember>): APIGuildMemberNoUser {
  const { user: _user, ...rest } = member;
  return rest;
}

/** A member object already at hand (the author's, from the access the send was checked with). */
export interface KnownMember {
  userId: string;
  member: APIGuildMemberNoUser;
}

/** The author's member object from the channel access, when it was loaded with the author's nick and join date. */
export function authorMember(
  ctx: DomainContext,
  access: ChannelAccess,
  author: MemberRow["user"] & { id: bigint },
): KnownMember | undefined {
  const member = access.member;
  if (!member || !access.guild || member.userId !== author.id || member.joinedAt === undefined) return undefined;
  const row = {
    guildId: access.guild.id,
    userId: author.id,
    user: author,
    nick: member.nick ?? null,
    joinedAt: member.joinedAt,
    roles: member.roleIds.map((roleId) => ({ roleId })),
  };
  return { userId: author.id.toString(), member: withoutUser(serializeMember(row, ctx.urls)) };
}

/**
 * A message as every receiver of one event may see it: without `reactions` (their `me` is the
 * viewer's own, and the event is built once for all), here and in its `referenced_message`.
 * Libraries keep the reactions they have when the field is absent.
 */
function withoutViewerState(wire: APIMessage): APIMessage {
  const { reactions: _reactions, ...message } = wire;
  if (!message.referenced_message) return message;
  const { reactions: _referencedReactions, ...referenced } = message.referenced_message;
  return { ...message, referenced_message: referenced };
}

/**
 * MESSAGE_CREATE / MESSAGE_UPDATE: in a guild to those who can see the channel, with
 * `guild_id`, the author's `member`, and each mentioned member's `member` (a member object
 * without `user`, which the REST message does not carry); in a DM to its recipients.
 * Never `reactions` (see withoutViewerState).
 */
export async function messageEvent(
  ctx: DomainContext,
  t: GatewayDispatchEvents.MessageCreate | GatewayDispatchEvents.MessageUpdate,
  message: APIMessage,
  channel: ChannelRef,
  known?: KnownMember,
): Promise<DomainEvent> {
  const channelId = channel.id.toString();
  const wire = withoutViewerState(message);
  if (!channel.guildId) return { t, d: wire, channelId, userIds: await dmRecipientIds(ctx, channel.id) };
  const members = await partialMembers(
    ctx,
    channel.guildId,
    [wire.author.id, ...wire.mentions.map((u) => u.id)],
    known,
  );
  const member = members.get(wire.author.id);
  const mentions: APIUserWithMember[] = wire.mentions.map((user) => {
    const mentioned = members.get(user.id);
    return mentioned ? { ...user, member: mentioned } : user;
  });
  const d = {
    ...wire,
    guild_id: channel.guildId.toString(),
    ...(member ? { member } : {}),
    mentions,
  } satisfies GatewayMessageCreateDispatchData;
  return { t, d, guildId: channel.guildId.toString(), channelId };
}

/** MESSAGE_DELETE `{ id, channel_id, guild_id }` (no guild_id in a DM). */
export function messageDeleteEvent(channel: ChannelRef, messageId: bigint, dmUserIds: string[] = []): DomainEvent {
  const channelId = channel.id.toString();
  if (!channel.guildId)
    return {
      t: GatewayDispatchEvents.MessageDelete,
      d: { id: messageId.toString(), channel_id: channelId },
      channelId,
      userIds: dmUserIds,
    };
  const guildId = channel.guildId.toString();
  return {
    t: GatewayDispatchEvents.MessageDelete,
    d: { id: messageId.toString(), channel_id: channelId, guild_id: guildId },
    guildId,
    channelId,
  };
}
