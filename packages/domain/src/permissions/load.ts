import type { Db } from "@chat/db";
import type { ChannelSnapshot, GuildSnapshot, MemberSnapshot, OverwriteSnapshot } from "./compute";

/** Reads what the permission engine needs about one guild. */
export async function loadGuildSnapshot(db: Db, guildId: bigint): Promise<GuildSnapshot | null> {
  const guild = await db.guild.findUnique({
    where: { id: guildId },
    select: { id: true, ownerId: true, roles: { select: { id: true, position: true, permissions: true } } },
  });
  if (!guild) return null;
  return { id: guild.id, ownerId: guild.ownerId, roles: new Map(guild.roles.map((r) => [r.id, r])) };
}

export async function loadMemberSnapshot(db: Db, guildId: bigint, userId: bigint): Promise<MemberSnapshot | null> {
  const member = await db.member.findUnique({
    where: { guildId_userId: { guildId, userId } },
    select: { userId: true, user: { select: { bot: true } }, roles: { select: { roleId: true } } },
  });
  if (!member) return null;
  return { userId: member.userId, isBot: member.user.bot, roleIds: member.roles.map((r) => r.roleId) };
}

/** Several members of one guild in one query (every member when `userIds` is omitted); users who are not members are absent. */
export async function loadMemberSnapshots(
  db: Db,
  guildId: bigint,
  userIds?: readonly bigint[],
): Promise<MemberSnapshot[]> {
  if (userIds?.length === 0) return [];
  const members = await db.member.findMany({
    where: { guildId, ...(userIds ? { userId: { in: [...userIds] } } : {}) },
    select: { userId: true, user: { select: { bot: true } }, roles: { select: { roleId: true } } },
  });
  return members.map((m) => ({ userId: m.userId, isBot: m.user.bot, roleIds: m.roles.map((r) => r.roleId) }));
}

/** Overwrites that govern a channel; a thread is governed by its parent's. */
export async function loadChannelSnapshot(
  db: Db,
  channel: { id: bigint; type: number; parentId: bigint | null },
): Promise<ChannelSnapshot> {
  const governing = isThreadType(channel.type) && channel.parentId ? channel.parentId : channel.id;
  const overwrites: OverwriteSnapshot[] = await db.permissionOverwrite.findMany({
    where: { channelId: governing },
    select: { targetId: true, type: true, allow: true, deny: true },
  });
  return { id: governing, overwrites };
}

export function isThreadType(type: number): boolean {
  return type === 10 || type === 11 || type === 12;
}
