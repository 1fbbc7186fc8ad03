import type { DomainContext } from "../../context";
import { canActOnMember, canManageRole, has, loadMemberSnapshots, Permission } from "../../permissions";
import { guildAccess } from "../shared/access";

/**
 * Why the viewer cannot kick, ban or change the roles of a member (spec rule 10): the guild's
 * owner, a member ranked at or above the viewer, or the viewer themself (who may still change
 * their own roles below their highest, but not kick or ban themself).
 */
export type ShieldReason = "owner" | "outranks" | "self";

/** What a member of a guild may do to the others there, as the member moderation services decide it. */
export interface ModerationStanding {
  ownerId: bigint;
  kickMembers: boolean;
  banMembers: boolean;
  manageRoles: boolean;
  /** The members the viewer may not act on, and why; everyone else they may (holding the permission). */
  shielded: { userId: bigint; reason: ShieldReason }[];
  /** Roles below the viewer's highest (all of them for the owner), neither @everyone nor a bot's managed role. */
  manageableRoleIds: bigint[];
  /** Bots' managed roles, never given or taken by anyone, with the bot each belongs to. */
  managedRoles: { roleId: bigint; botUserId: bigint }[];
}

/**
 * The viewer's standing for moderating a guild's members: the web app disables (with a reason)
 * what MemberService, MemberRoleService and BanService would refuse. Computed with the same
 * permission engine those services use.
 */
export class ModerationStandingService {
  constructor(private ctx: DomainContext) {}

  async standing(viewerId: bigint, guildId: bigint): Promise<ModerationStanding> {
    const access = await guildAccess(this.ctx, guildId, viewerId);
    const { guild, member: viewer, permissions } = access;
    const [members, managed] = await Promise.all([
      loadMemberSnapshots(this.ctx.db, guildId),
      this.ctx.db.role.findMany({
        where: { guildId, botApplicationId: { not: null } },
        select: { id: true, botApplication: { select: { botUserId: true } } },
      }),
    ]);
    const managedRoles = managed.flatMap((role) =>
      role.botApplication ? [{ roleId: role.id, botUserId: role.botApplication.botUserId }] : [],
    );
    const managedIds = new Set(managedRoles.map((r) => r.roleId));
    const shielded = members.flatMap((target): ModerationStanding["shielded"] => {
      if (target.userId === viewerId) return [{ userId: target.userId, reason: "self" }];
      if (canActOnMember(guild, viewer, target)) return [];
      return [{ userId: target.userId, reason: target.userId === guild.ownerId ? "owner" : "outranks" }];
    });
    const manageableRoleIds = [...guild.roles.values()]
      .filter((role) => role.id !== guildId && !managedIds.has(role.id) && canManageRole(guild, viewer, role))
      .map((role) => role.id);
    return {
      ownerId: guild.ownerId,
      kickMembers: has(permissions, Permission.KickMembers),
      banMembers: has(permissions, Permission.BanMembers),
      manageRoles: has(permissions, Permission.ManageRoles),
      shielded,
      manageableRoleIds,
      managedRoles,
    };
  }
}
