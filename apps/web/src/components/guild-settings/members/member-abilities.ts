import type { MemberView, ModerationStandingView, RoleView } from "@chat/api";

/** An action of a member's menu: available, or unavailable with the reason shown beside it. */
export type Ability = { allowed: true } | { allowed: false; reason: string };

export interface RoleChoice {
  role: RoleView;
  held: boolean;
  ability: Ability;
}

export interface MemberAbilities {
  /** A short note shown in the member's row when the viewer cannot act on them at all; null otherwise. */
  note: string | null;
  /** The Roles entry as a whole (each role has its own answer too). */
  roles: Ability;
  /** Every role but @everyone, highest first: whether the member holds it and whether the viewer may change that. */
  roleChoices: RoleChoice[];
  /** Kick, or for a bot "Remove bot". */
  kick: Ability;
  ban: Ability;
}

const ALLOWED: Ability = { allowed: true };
const refused = (reason: string): Ability => ({ allowed: false, reason });

/**
 * What the viewer may do to `member` from the Members settings, and why not when not: the
 * server's standing (rule 10's hierarchy and the permissions, decided by the domain) turned
 * into the menu's states and reasons. The services refuse the same requests.
 */
export function memberAbilities(
  member: MemberView,
  standing: ModerationStandingView,
  roles: readonly RoleView[],
): MemberAbilities {
  const shield = standing.shielded.find((s) => s.userId === member.user.id)?.reason ?? null;
  const onMember =
    shield === "owner"
      ? refused("Not on the guild’s owner")
      : shield === "outranks"
        ? refused("Their highest role is at or above yours")
        : shield === "self"
          ? refused("Not on yourself")
          : ALLOWED;
  const needs = (held: boolean, permission: string) => (held ? onMember : refused(`Needs ${permission}`));

  // One's own roles may be changed (below one's highest); the owner's and higher members' not.
  const rolesAbility = !standing.manageRoles ? refused("Needs Manage Roles") : shield === "self" ? ALLOWED : onMember;
  const manageable = new Set(standing.manageableRoleIds);
  const managed = new Set(standing.managedRoles.map((r) => r.roleId));
  const roleChoices = roles
    .filter((role) => !role.everyone)
    .map((role): RoleChoice => {
      const ability = !rolesAbility.allowed
        ? rolesAbility
        : managed.has(role.id)
          ? refused("A bot’s own role")
          : manageable.has(role.id)
            ? ALLOWED
            : refused("At or above your highest role");
      return { role, held: member.roles.includes(role.id), ability };
    });

  const acts = standing.kickMembers || standing.banMembers || standing.manageRoles;
  const note =
    shield === "owner"
      ? "Owner"
      : shield === "self"
        ? "You"
        : shield === "outranks" && acts
          ? "Ranked at or above you"
          : null;
  return {
    note,
    roles: rolesAbility,
    roleChoices,
    kick: needs(standing.kickMembers, "Kick Members"),
    ban: needs(standing.banMembers, "Ban Members"),
  };
}
