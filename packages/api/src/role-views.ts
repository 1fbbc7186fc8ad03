import type { APIRole } from "discord-api-types/v10";
import type { RoleView } from "./views";

/** One role as the Roles settings show it: what every role view says, and what editing it needs. */
export interface RoleSettingsView extends RoleView {
  /** Anyone may mention it with `@name`. */
  mentionable: boolean;
  /** The permission bit field, a decimal string. */
  permissions: string;
  /** The user id of the bot whose own role this is (added and removed with the bot), or null. */
  botId: string | null;
  /** Spec rule 10: the role ranks below the person's highest role (always, for the owner). */
  withinReach: boolean;
}

/** The Roles settings of one guild as one member may use them. */
export interface RoleSettings {
  /** Highest first; @everyone last. */
  roles: RoleSettingsView[];
  owner: boolean;
  canManageRoles: boolean;
  /** The permissions the person holds: the only ones they may grant (a decimal string). */
  grantable: string;
  /** The person's highest role (the guild's id: @everyone). */
  highestRoleId: string;
}

export function roleSettingsView(role: APIRole, guildId: string, withinReach: boolean): RoleSettingsView {
  const everyone = role.id === guildId;
  return {
    id: role.id,
    name: everyone ? "@everyone" : role.name,
    color: role.color,
    position: role.position,
    everyone,
    hoist: role.hoist,
    mentionable: role.mentionable,
    permissions: role.permissions,
    botId: role.tags?.bot_id ?? null,
    withinReach,
  };
}

/** Highest first, as the settings list them: by position, then the lower id above (the hierarchy's tie-break). */
export function byRankDescending(a: { position: number; id: string }, b: { position: number; id: string }): number {
  if (a.position !== b.position) return b.position - a.position;
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x < y ? -1 : x > y ? 1 : 0;
}
