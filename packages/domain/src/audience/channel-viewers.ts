import type { Db } from "@chat/db";
import {
  type ChannelSnapshot,
  canViewChannel,
  loadChannelSnapshot,
  loadGuildSnapshot,
  loadMemberSnapshots,
} from "../permissions";

/** The users among `userIds` who hold View Channel in a guild channel. */
export type ChannelViewers = (guildId: string, channelId: string, userIds: string[]) => Promise<Set<string>>;

/** Who views which channels of one guild, as decided by `viewersOfChannels`. */
export interface GuildChannelViewing<C extends ChannelSnapshot> {
  /** The channels asked about (none when the guild is gone). */
  channels: C[];
  /** The members decided for, in the order read. */
  memberIds: string[];
  /** By channel id (a thread's snapshot carries its parent's id): the members who can view it. */
  viewers: Map<string, Set<string>>;
}

/**
 * Answers through the one permissions engine, loading the guild, the channel and the
 * candidate members once per event for all receivers, however many connections they hold.
 * Read fresh for every event: overwrites and roles can change without an event (direct
 * writes), and a stale answer would leak a hidden channel.
 */
export function channelViewers(db: Db): ChannelViewers {
  return (guildId, channelId, userIds) => viewersOfChannel(db, BigInt(guildId), BigInt(channelId), userIds.map(BigInt));
}

/**
 * Which members of a guild can view which of its channels, the one place that decides it (event
 * audiences, and who gained or lost a channel in a permission change): the guild, the members
 * (those among `userIds`, every member when omitted) and `channels` are read once, together,
 * and the engine decides each pair.
 */
export async function viewersOfChannels<C extends ChannelSnapshot>(
  db: Db,
  guildId: bigint,
  channels: Promise<C[]>,
  userIds?: readonly bigint[],
): Promise<GuildChannelViewing<C>> {
  const [guild, members, listed] = await Promise.all([
    loadGuildSnapshot(db, guildId),
    loadMemberSnapshots(db, guildId, userIds),
    channels,
  ]);
  if (!guild) return { channels: [], memberIds: [], viewers: new Map() };
  const viewers = new Map<string, Set<string>>();
  for (const channel of listed) {
    viewers.set(
      channel.id.toString(),
      new Set(
        members.filter((member) => canViewChannel(guild, member, channel)).map((member) => member.userId.toString()),
      ),
    );
  }
  return { channels: listed, memberIds: members.map((member) => member.userId.toString()), viewers };
}

/**
 * The users among `userIds` (every member when omitted) who can view a channel of the guild now,
 * a thread through its parent; none for a channel that is gone or in another guild.
 */
export async function viewersOfChannel(
  db: Db,
  guildId: bigint,
  channelId: bigint,
  userIds?: readonly bigint[],
): Promise<Set<string>> {
  const governing = db.channel
    .findUnique({ where: { id: channelId }, select: { id: true, type: true, parentId: true, guildId: true } })
    .then(async (channel) => (channel && channel.guildId === guildId ? [await loadChannelSnapshot(db, channel)] : []));
  const { channels, viewers } = await viewersOfChannels(db, guildId, governing, userIds);
  const [snapshot] = channels;
  return (snapshot && viewers.get(snapshot.id.toString())) ?? new Set();
}
