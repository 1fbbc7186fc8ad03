import { ALL_PERMISSIONS, Permission } from "./bits";

export interface RoleSnapshot {
  id: bigint;
  position: number;
  permissions: bigint;
}

export interface GuildSnapshot {
  id: bigint;
  ownerId: bigint;
  roles: Map<bigint, RoleSnapshot>;
}

export interface MemberSnapshot {
  userId: bigint;
  roleIds: bigint[];
  isBot: boolean;
}

export interface OverwriteSnapshot {
  targetId: bigint;
  /** 0 role, 1 member */
  type: number;
  allow: bigint;
  deny: bigint;
}

/** The channel whose overwrites apply: for a thread, its parent. */
export interface ChannelSnapshot {
  id: bigint;
  overwrites: OverwriteSnapshot[];
}

/** @everyone's Listen never counts for a bot (spec: voice permissions). */
function everyoneBits(bits: bigint, member: MemberSnapshot): bigint {
  return member.isBot ? bits & ~Permission.Listen : bits;
}

/** Guild-wide permissions: owner, then @everyone (id = guild id) and every role the member holds. */
export function computeBasePermissions(guild: GuildSnapshot, member: MemberSnapshot): bigint {
  if (member.userId === guild.ownerId) return ALL_PERMISSIONS;
  const everyone = guild.roles.get(guild.id)?.permissions ?? 0n;
  let own = 0n;
  for (const roleId of member.roleIds) {
    own |= guild.roles.get(roleId)?.permissions ?? 0n;
  }
  const permissions = everyoneBits(everyone, member) | own;
  if (permissions & Permission.Administrator) {
    // Administrator held through @everyone alone does not hand a bot @everyone's Listen.
    return own & Permission.Administrator ? ALL_PERMISSIONS : everyoneBits(ALL_PERMISSIONS, member) | own;
  }
  return permissions;
}

/**
 * Permissions in a channel, in the reference platform's order: base, then the @everyone
 * overwrite, then all role overwrites together, then the member's own overwrite.
 * Without View Channel nothing else in the channel counts.
 */
export function computeChannelPermissions(
  guild: GuildSnapshot,
  member: MemberSnapshot,
  channel: ChannelSnapshot,
): bigint {
  const base = computeBasePermissions(guild, member);
  if (base & Permission.Administrator) {
    if (base === ALL_PERMISSIONS) return base;
    // A bot whose Administrator comes from @everyone: Listen only through its own overwrites.
    return base | (ownOverwriteAllows(guild, member, channel) & Permission.Listen);
  }
  let permissions = base;
  const everyone = channel.overwrites.find((o) => o.type === 0 && o.targetId === guild.id);
  if (everyone) {
    permissions &= ~everyone.deny;
    permissions |= everyoneBits(everyone.allow, member);
  }
  let allow = 0n;
  let deny = 0n;
  for (const overwrite of channel.overwrites) {
    if (overwrite.type === 0 && overwrite.targetId !== guild.id && member.roleIds.includes(overwrite.targetId)) {
      allow |= overwrite.allow;
      deny |= overwrite.deny;
    }
  }
  permissions &= ~deny;
  permissions |= allow;
  const own = channel.overwrites.find((o) => o.type === 1 && o.targetId === member.userId);
  if (own) {
    permissions &= ~own.deny;
    permissions |= own.allow;
  }
  if (!(permissions & Permission.ViewChannel)) return 0n;
  return permissions;
}

/** What the overwrites for the member's roles and for the member itself allow (not @everyone's). */
function ownOverwriteAllows(guild: GuildSnapshot, member: MemberSnapshot, channel: ChannelSnapshot): bigint {
  let allow = 0n;
  for (const o of channel.overwrites) {
    const mine =
      o.type === 0 ? o.targetId !== guild.id && member.roleIds.includes(o.targetId) : o.targetId === member.userId;
    if (mine) allow |= o.allow;
  }
  return allow;
}

/** Position of the member's highest role; @everyone counts as 0. Ties are broken by lower id. */
export function highestRole(guild: GuildSnapshot, member: MemberSnapshot): RoleSnapshot {
  let best: RoleSnapshot = guild.roles.get(guild.id) ?? { id: guild.id, position: 0, permissions: 0n };
  for (const roleId of member.roleIds) {
    const role = guild.roles.get(roleId);
    if (role && compareRoles(role, best) > 0) best = role;
  }
  return best;
}

/** >0 when a ranks above b. */
export function compareRoles(a: RoleSnapshot, b: RoleSnapshot): number {
  if (a.position !== b.position) return a.position - b.position;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Spec rule 10: the actor reaches only below its own highest role, and never the owner. */
export function canActOnMember(guild: GuildSnapshot, actor: MemberSnapshot, target: MemberSnapshot): boolean {
  if (target.userId === guild.ownerId) return false;
  if (actor.userId === guild.ownerId) return true;
  return compareRoles(highestRole(guild, actor), highestRole(guild, target)) > 0;
}

export function canManageRole(guild: GuildSnapshot, actor: MemberSnapshot, role: RoleSnapshot): boolean {
  if (actor.userId === guild.ownerId) return true;
  return compareRoles(highestRole(guild, actor), role) > 0;
}
