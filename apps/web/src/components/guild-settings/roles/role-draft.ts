import type { RoleSettingsView } from "@chat/api/role-views";

/** The fields of a role the editor changes. */
export interface RoleFields {
  name: string;
  color: number;
  hoist: boolean;
  mentionable: boolean;
  permissions: bigint;
}

export function fieldsOf(role: RoleSettingsView): RoleFields {
  return {
    name: role.name,
    color: role.color,
    hoist: role.hoist,
    mentionable: role.mentionable,
    permissions: BigInt(role.permissions),
  };
}

/** Only what differs from the role as saved, as roles.update takes it; an empty object when nothing does. */
export function changesOf(saved: RoleFields, draft: RoleFields) {
  return {
    ...(draft.name !== saved.name ? { name: draft.name.trim() } : {}),
    ...(draft.color !== saved.color ? { color: draft.color } : {}),
    ...(draft.hoist !== saved.hoist ? { hoist: draft.hoist } : {}),
    ...(draft.mentionable !== saved.mentionable ? { mentionable: draft.mentionable } : {}),
    ...(draft.permissions !== saved.permissions ? { permissions: draft.permissions.toString() } : {}),
  };
}

export function hasChanges(saved: RoleFields, draft: RoleFields | null): boolean {
  return draft !== null && Object.keys(changesOf(saved, draft)).length > 0;
}

/** `#rrggbb` of a colour number. */
export function hexOf(color: number): string {
  return `#${color.toString(16).padStart(6, "0")}`;
}

/** The colour a hex text names (`#3498db`, `3498DB`, `#fff`), or null. */
export function parseHex(text: string): number | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join("") : match[1];
  return Number.parseInt(digits, 16);
}
