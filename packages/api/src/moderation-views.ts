import type { ModerationStanding } from "@chat/domain";
import type { APIBan } from "discord-api-types/v10";
import { type UserView, userView } from "./views";

/** Why the viewer cannot act on a member (spec rule 10): the owner, ranked at or above them, or themself (roles only). */
export type ShieldReasonView = "owner" | "outranks" | "self";

/**
 * What the viewer may do to the guild's members, for the Members settings to disable (with a
 * reason) what the services would refuse. Ids are decimal strings.
 */
export interface ModerationStandingView {
  ownerId: string;
  kickMembers: boolean;
  banMembers: boolean;
  manageRoles: boolean;
  /** The members the viewer may not act on, and why. */
  shielded: { userId: string; reason: ShieldReasonView }[];
  /** Roles the viewer's rank allows them to give and take (Manage Roles still needed). */
  manageableRoleIds: string[];
  /** Bots' own roles: nobody gives or takes them. */
  managedRoles: { roleId: string; botUserId: string }[];
}

export function moderationStandingView(standing: ModerationStanding): ModerationStandingView {
  return {
    ownerId: standing.ownerId.toString(),
    kickMembers: standing.kickMembers,
    banMembers: standing.banMembers,
    manageRoles: standing.manageRoles,
    shielded: standing.shielded.map(({ userId, reason }) => ({ userId: userId.toString(), reason })),
    manageableRoleIds: standing.manageableRoleIds.map(String),
    managedRoles: standing.managedRoles.map(({ roleId, botUserId }) => ({
      roleId: roleId.toString(),
      botUserId: botUserId.toString(),
    })),
  };
}

/** One row of the Bans list: who is banned (ban records carry no reason, spec rule 7). */
export interface BanView {
  user: UserView;
}

export function banView(ban: APIBan): BanView {
  return { user: userView(ban.user) };
}
