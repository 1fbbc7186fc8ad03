import type { RoleSettings, RoleSettingsView } from "@chat/api/role-views";

/**
 * What the settings let the person do to each role, and why not when they can't. The server
 * decides who ranks where (each role's `withinReach`) and refuses the same requests; this only
 * turns its answers into enabled controls and sentences.
 */

/** Why nothing about this role can be changed by this person, or null when its fields can. */
export function editBlocker(settings: RoleSettings, role: RoleSettingsView): string | null {
  if (!settings.canManageRoles) return "Changing roles needs the Manage Roles permission.";
  if (!role.withinReach) return rankBlocker(settings, role);
  if (role.botId !== null)
    return `${role.name} is a bot’s own role: it was made when the bot joined and goes when the bot leaves, so it can’t be edited or deleted.`;
  return null;
}

/** Why the name, colour and display switches of this role are fixed, or null. */
export function displayBlocker(settings: RoleSettings, role: RoleSettingsView): string | null {
  return (
    editBlocker(settings, role) ??
    (role.everyone ? "@everyone is every member of the guild: only its permissions can be changed." : null)
  );
}

/** Why this role can't be deleted, or null. */
export function deleteBlocker(settings: RoleSettings, role: RoleSettingsView): string | null {
  if (role.everyone) return "@everyone can’t be deleted: it is every member of the guild.";
  return editBlocker(settings, role);
}

/** Why this role can't be moved at all, or null. */
export function moveBlocker(settings: RoleSettings, role: RoleSettingsView): string | null {
  if (!settings.canManageRoles) return "Moving roles needs the Manage Roles permission.";
  if (role.everyone) return "@everyone always stays at the bottom.";
  if (!role.withinReach) return rankBlocker(settings, role);
  return null;
}

/** Why the role can't go up one place (`above` is the role just above it), or null. */
export function moveUpBlocker(
  settings: RoleSettings,
  role: RoleSettingsView,
  above: RoleSettingsView | undefined,
): string | null {
  const blocker = moveBlocker(settings, role);
  if (blocker) return blocker;
  if (!above) return `${role.name} is already the highest role.`;
  if (!above.withinReach) return `${role.name} can’t go higher: the roles above it are at or above your highest role.`;
  return null;
}

/** Why the role can't go down one place (`below` is the role just under it), or null. */
export function moveDownBlocker(
  settings: RoleSettings,
  role: RoleSettingsView,
  below: RoleSettingsView | undefined,
): string | null {
  const blocker = moveBlocker(settings, role);
  if (blocker) return blocker;
  if (!below || below.everyone) return `${role.name} is already the lowest role above @everyone.`;
  return null;
}

function rankBlocker(settings: RoleSettings, role: RoleSettingsView): string {
  if (role.id === settings.highestRoleId)
    return `${role.name} is your highest role: you can only edit and move roles below it.`;
  const highest = settings.roles.find((r) => r.id === settings.highestRoleId);
  return highest && !highest.everyone
    ? `${role.name} ranks above your highest role, ${highest.name}: you can only edit and move roles below it.`
    : `${role.name} ranks above every role you hold: you can only edit and move roles below your highest role.`;
}

/** The permissions this person may newly grant (those they hold); ones a role already has can always be taken away. */
export function canGrant(settings: RoleSettings, bit: bigint): boolean {
  return (BigInt(settings.grantable) & bit) === bit;
}
