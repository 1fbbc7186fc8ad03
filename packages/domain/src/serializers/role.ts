import type { APIRole } from "discord-api-types/v10";

export interface RoleRow {
  id: bigint;
  guildId: bigint;
  name: string;
  permissions: bigint;
  color: number;
  hoist: boolean;
  mentionable: boolean;
  position: number;
  botApplicationId: bigint | null;
}

export interface BotRoleOwner {
  botUserId: bigint;
}

/** A role; @everyone carries the guild's id. `botUserId` marks the managed role of a bot. */
export function serializeRole(role: RoleRow, botUserId?: bigint | null): APIRole {
  return {
    id: role.id.toString(),
    name: role.name,
    permissions: role.permissions.toString(),
    position: role.position,
    color: role.color,
    colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
    hoist: role.hoist,
    managed: role.botApplicationId !== null,
    mentionable: role.mentionable,
    icon: null,
    unicode_emoji: null,
    flags: 0 as APIRole["flags"],
    ...(botUserId ? { tags: { bot_id: botUserId.toString() } } : {}),
  };
}
