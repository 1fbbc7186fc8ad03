import type { Db } from "@chat/db";
import { guildSnapshotFromRows, listableGuildChannels } from "../../permissions";
import { mentioning } from "./read-positions";

/** One channel's read state as the person's tabs show it; ids are decimal strings. */
export interface ChannelReadState {
  channelId: string;
  /** Null for a DM. */
  guildId: string | null;
  /** The newest message; null while there is none. */
  lastMessageId: string | null;
  /** Read up to here; null while nothing is. Unread when `lastMessageId` is greater. */
  lastReadId: string | null;
  /** Messages after `lastReadId`, not the person's own, that mention them (see `mentioning`). */
  mentionCount: number;
}

/** Channels that hold messages and are listed with their guild: text and voice (threads are left out). */
const MESSAGE_CHANNEL_TYPES = [0, 2];

interface SummaryChannel {
  id: bigint;
  guildId: bigint | null;
  lastMessageId: bigint | null;
}

/**
 * The read state of every channel the person can view: the text and voice channels of all
 * their guilds (View Channel, decided by the permissions engine as the channel list is) and
 * their DMs. A fixed number of queries however many guilds and channels: the memberships with
 * their guilds' roles, channels and overwrites; the DMs; the read positions; one count of the
 * mentions in every unread channel.
 */
export async function readStateSummary(db: Db, userId: bigint): Promise<ChannelReadState[]> {
  const [memberships, dms, positions] = await Promise.all([
    db.member.findMany({
      where: { userId },
      select: {
        userId: true,
        user: { select: { bot: true } },
        roles: { select: { roleId: true } },
        guild: {
          select: {
            id: true,
            ownerId: true,
            roles: { select: { id: true, position: true, permissions: true } },
            channels: {
              where: { type: { in: MESSAGE_CHANNEL_TYPES } },
              select: {
                id: true,
                type: true,
                parentId: true,
                guildId: true,
                lastMessageId: true,
                overwrites: { select: { targetId: true, type: true, allow: true, deny: true } },
              },
              orderBy: [{ position: "asc" }, { id: "asc" }],
            },
          },
        },
      },
      orderBy: { guildId: "asc" },
    }),
    db.dmRecipient.findMany({
      where: { userId },
      select: { channel: { select: { id: true, guildId: true, lastMessageId: true } } },
      orderBy: { channelId: "asc" },
    }),
    db.readState.findMany({ where: { userId }, select: { channelId: true, lastReadMessageId: true } }),
  ]);

  const channels: SummaryChannel[] = [];
  const roleIds: bigint[] = [];
  for (const membership of memberships) {
    const member = {
      userId: membership.userId,
      isBot: membership.user.bot,
      roleIds: membership.roles.map((r) => r.roleId),
    };
    roleIds.push(...member.roleIds);
    channels.push(...listableGuildChannels(guildSnapshotFromRows(membership.guild), member, membership.guild.channels));
  }
  channels.push(...dms.map((dm) => dm.channel));

  const readUpTo = new Map(positions.map((p) => [p.channelId, p.lastReadMessageId]));
  const unread = channels.filter((c) => c.lastMessageId !== null && c.lastMessageId > (readUpTo.get(c.id) ?? 0n));
  const mentions =
    unread.length === 0 ? new Map<bigint, number>() : await mentionCounts(db, unread, readUpTo, userId, roleIds);

  return channels.map((c) => ({
    channelId: c.id.toString(),
    guildId: c.guildId?.toString() ?? null,
    lastMessageId: c.lastMessageId?.toString() ?? null,
    lastReadId: readUpTo.get(c.id)?.toString() ?? null,
    mentionCount: mentions.get(c.id) ?? 0,
  }));
}

/** The mentions after the read position of each channel, in one query. */
async function mentionCounts(
  db: Db,
  channels: SummaryChannel[],
  readUpTo: Map<bigint, bigint>,
  userId: bigint,
  roleIds: bigint[],
): Promise<Map<bigint, number>> {
  const counts = await db.message.groupBy({
    by: ["channelId"],
    where: {
      AND: [
        { OR: channels.map((c) => ({ channelId: c.id, id: { gt: readUpTo.get(c.id) ?? 0n } })) },
        mentioning(userId, roleIds),
      ],
    },
    _count: { _all: true },
  });
  return new Map(counts.map((row) => [row.channelId, row._count._all]));
}
