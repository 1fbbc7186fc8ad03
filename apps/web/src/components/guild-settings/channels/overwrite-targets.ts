import type { MemberView } from "@chat/api";
import type { OverwriteView } from "@chat/api/channel-settings-views";
import type { ModerationStandingView } from "@chat/api/moderation-views";
import type { RoleSettings } from "@chat/api/role-views";

/** A role or member an overwrite is (or may be) for, as the editor lists it. */
export interface OverwriteTarget {
  id: string;
  type: 0 | 1;
  name: string;
  /** A role's colour (0: none); members have none. */
  color: number;
  /** Why the person cannot change this target's overwrite (rule 10), or null. */
  blocker: string | null;
}

export interface TargetSources {
  guildId: string;
  meId: string;
  roles: RoleSettings | undefined;
  members: readonly MemberView[] | undefined;
  standing: ModerationStandingView | undefined;
}

function roleTargets({ roles }: TargetSources): OverwriteTarget[] {
  return (roles?.roles ?? []).map((role) => ({
    id: role.id,
    type: 0,
    name: role.name,
    color: role.color,
    blocker: role.withinReach
      ? null
      : "This role ranks at or above your highest role: only the roles below it are yours to change.",
  }));
}

function memberTargets({ members, standing, meId }: TargetSources): OverwriteTarget[] {
  const shields = new Map((standing?.shielded ?? []).map((s) => [s.userId, s.reason]));
  return (members ?? []).map((member) => {
    const reason = member.user.id === meId ? null : shields.get(member.user.id);
    return {
      id: member.user.id,
      type: 1,
      name: member.nick ?? member.user.displayName,
      color: 0,
      blocker:
        reason === "owner"
          ? "The guild’s owner can’t be limited."
          : reason === "outranks"
            ? "This member ranks at or above you."
            : null,
    };
  });
}

/** Every role (highest first, @everyone last) and member the editor can name. */
export function overwriteTargets(sources: TargetSources): OverwriteTarget[] {
  return [...roleTargets(sources), ...memberTargets(sources)];
}

/**
 * The targets the editor lists: @everyone always (its overwrite may not exist yet), then those
 * with an overwrite in the draft, roles (highest first) before members. An overwrite for a
 * role or member no longer known is listed under its id.
 */
export function listedTargets(
  all: readonly OverwriteTarget[],
  draft: readonly OverwriteView[],
  guildId: string,
): OverwriteTarget[] {
  const drafted = new Set(draft.map((o) => o.id));
  const known = all.filter((t) => t.id === guildId || drafted.has(t.id));
  const unknown = draft
    .filter((o) => !all.some((t) => t.id === o.id))
    .map(
      (o): OverwriteTarget => ({
        id: o.id,
        type: o.type,
        name: o.type === 0 ? "Deleted role" : "Former member",
        color: 0,
        blocker: null,
      }),
    );
  const order = (t: OverwriteTarget) => (t.id === guildId ? 1 : t.type === 0 ? 0 : 2);
  return [...known, ...unknown].sort((a, b) => order(a) - order(b));
}
