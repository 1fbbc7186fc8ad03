import type { MemberView, RoleView } from "@chat/api/views";

export interface MemberGroup {
  key: string;
  title: string;
  members: MemberView[];
}

/**
 * The member list's groups: one per role shown separately (hoisted), highest first, holding the
 * members whose highest such role it is; then the other people ("Members") and the other bots
 * ("Bots"). Empty groups are left out.
 */
export function groupMembers(members: readonly MemberView[], roles: readonly RoleView[]): MemberGroup[] {
  const hoisted = roles.filter((r) => r.hoist && !r.everyone).sort((a, b) => b.position - a.position);
  const byRole = new Map<string, MemberView[]>(hoisted.map((r) => [r.id, []]));
  const people: MemberView[] = [];
  const bots: MemberView[] = [];
  for (const member of members) {
    const group = hoisted.find((r) => member.roles.includes(r.id));
    if (group) byRole.get(group.id)?.push(member);
    else (member.user.bot ? bots : people).push(member);
  }
  return [
    ...hoisted.map((r) => ({ key: r.id, title: r.name, members: byRole.get(r.id) ?? [] })),
    { key: "members", title: "Members", members: people },
    { key: "bots", title: "Bots", members: bots },
  ].filter((g) => g.members.length > 0);
}
