import type { Db } from "@chat/db";
import { computeChannelPermissions, has, loadChannelSnapshot, loadGuildSnapshot, loadMemberSnapshots, Permission } from "../permissions";

/** The users among `userIds` who hold View Channel in a guild channel. */
export type ChannelViewers = (guildId: string, channelId: string, userIds: string[]) => Promise<Set<string>>;

/**
 * Answers through the one permissions engine, loading the guild, the channel and the
 * candidate members once per event for all receivers, however many connections they hold.
 * Read fresh for every event: overwrites and roles can change without an event (direct
 * writes), and a stale answer would leak a hidden channel.
 */
export function channelViewers(db: Db): ChannelViewers {
  return async (guildId, channelId, userIds) => {
    const guildKey = BigInt(guildId);
    const [guild, channel] = await Promise.all([
      loadGuildSnapshot(db, guildKey),
      db.channel.findUnique({ where: { id: BigInt(channelId) }, select: { id: true, type: true, parentId: true, guildId: true } }),
    ]);
    if (!guild || !channel || channel.guildId !== guildKey) return new Set();
    const channelSnapshot = await loadChannelSnapshot(db, channel);
    const members = await loadMemberSnapshots(db, guildKey, userIds.map(BigInt));
    const viewers = new Set<string>();
    for (const member of members) {
      if (has(computeChannelPermissions(guild, member, channelSnapshot), Permission.ViewChannel)) viewers.add(member.userId.toString());
    }
    return viewers;
  };
}
