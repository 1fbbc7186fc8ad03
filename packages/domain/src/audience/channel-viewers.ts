import type { Db } from "@chat/db";
import { canViewChannel, loadChannelSnapshot, loadGuildSnapshot, loadMemberSnapshots } from "../permissions";

/** The users among `userIds` who hold View Channel in a guild channel. */
export type ChannelViewers = (guildId: string, channelId: string, userIds: string[]) => Promise<Set<string>>;

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
 * The users among `userIds` (every member when omitted) who can view a channel of the guild now,
 * a thread through its parent; none for a channel that is gone or in another guild.
 */
export async function viewersOfChannel(db: Db, guildId: bigint, channelId: bigint, userIds?: readonly bigint[]): Promise<Set<string>> {
  const [guild, channel] = await Promise.all([
    loadGuildSnapshot(db, guildId),
    db.channel.findUnique({ where: { id: channelId }, select: { id: true, type: true, parentId: true, guildId: true } }),
  ]);
  if (!guild || !channel || channel.guildId !== guildId) return new Set();
  const [channelSnapshot, members] = await Promise.all([loadChannelSnapshot(db, channel), loadMemberSnapshots(db, guildId, userIds)]);
  return new Set(members.filter((member) => canViewChannel(guild, member, channelSnapshot)).map((member) => member.userId.toString()));
}
