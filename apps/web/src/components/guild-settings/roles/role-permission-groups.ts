import { PERMISSIONS, type PermissionKey } from "@/lib/permission-catalog";

export interface RolePermission {
  label: string;
  bit: bigint;
  /** What holding it lets a member do, in plain words. */
  explanation: string;
}

export interface RolePermissionGroup {
  title: string;
  permissions: RolePermission[];
}

/** The catalogue's permissions that say what holding them lets a member do: the ones a role editor can list. */
type ExplainedKey = {
  [K in PermissionKey]: (typeof PERMISSIONS)[K] extends { explanation: string } ? K : never;
}[PermissionKey];

function rolePermission(key: ExplainedKey): RolePermission {
  const { label, bit, explanation } = PERMISSIONS[key];
  return { label, bit, explanation };
}

const group = (title: string, keys: ExplainedKey[]): RolePermissionGroup => ({
  title,
  permissions: keys.map(rolePermission),
});

/**
 * Every permission the spec names (Speak and Listen included) and the ones the service also
 * checks (Administrator, Read Message History, Manage Expressions), grouped as the role editor
 * shows them, with their names and explanations from the web app's permission catalogue. Bits a
 * role holds beyond these are kept untouched when it is saved.
 */
export const ROLE_PERMISSION_GROUPS: readonly RolePermissionGroup[] = [
  group("General", [
    "administrator",
    "view-channels",
    "manage-channels",
    "manage-roles",
    "manage-guild",
    "manage-expressions",
  ]),
  group("Membership", ["create-invite", "kick-members", "ban-members"]),
  group("Text", [
    "send-messages",
    "send-in-threads",
    "create-public-threads",
    "read-message-history",
    "add-reactions",
    "mention-everyone",
    "manage-messages",
    "pin-messages",
  ]),
  group("Voice", ["connect", "speak", "listen"]),
  group("Events", ["create-events", "manage-events"]),
];
