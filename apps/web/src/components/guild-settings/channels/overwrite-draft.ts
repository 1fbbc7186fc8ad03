import type { ChannelKind } from "@chat/api";
import type { OverwriteView } from "@chat/api/channel-settings-views";
import { GUILD_ONLY_PERMISSIONS } from "@chat/domain/permissions/bits";
import { ROLE_PERMISSION_GROUPS, type RolePermissionGroup } from "../roles/role-permission-groups";

/** One permission in one overwrite: allowed, left to the roles (neutral), or denied. */
export type BitState = "allow" | "neutral" | "deny";

export function stateOf(overwrite: OverwriteView, bit: bigint): BitState {
  if (BigInt(overwrite.allow) & bit) return "allow";
  if (BigInt(overwrite.deny) & bit) return "deny";
  return "neutral";
}

export function withState(overwrite: OverwriteView, bit: bigint, state: BitState): OverwriteView {
  const allow = BigInt(overwrite.allow) & ~bit;
  const deny = BigInt(overwrite.deny) & ~bit;
  return {
    ...overwrite,
    allow: String(state === "allow" ? allow | bit : allow),
    deny: String(state === "deny" ? deny | bit : deny),
  };
}

/** Whether two overwrite sets hold the same entries (order aside): a channel whose set equals its category's is in sync. */
export function sameOverwrites(a: readonly OverwriteView[], b: readonly OverwriteView[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(a.map((o) => [o.id, o]));
  return b.every((o) => {
    const other = byId.get(o.id);
    return (
      other !== undefined &&
      other.type === o.type &&
      BigInt(other.allow) === BigInt(o.allow) &&
      BigInt(other.deny) === BigInt(o.deny)
    );
  });
}

/**
 * The permissions an overwrite can set on this kind of channel, grouped as the role editor
 * groups them: guild-wide ones (Administrator, Kick Members, ...) mean nothing on a channel;
 * a text channel has no voice, a voice channel no messages; a category's apply to both.
 */
export function channelPermissionGroups(kind: ChannelKind): RolePermissionGroup[] {
  const skipped = kind === "text" ? ["Voice", "Events"] : kind === "voice" ? ["Text"] : [];
  return ROLE_PERMISSION_GROUPS.filter((group) => !skipped.includes(group.title))
    .map((group) => ({
      ...group,
      permissions: group.permissions.filter((p) => (p.bit & GUILD_ONLY_PERMISSIONS) === 0n),
    }))
    .filter((group) => group.permissions.length > 0);
}
