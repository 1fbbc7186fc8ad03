"use client";

import type { MemberView, ModerationStandingView, RoleView } from "@chat/api";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { useQueryPatcher } from "@/components/live/live-provider";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { SectionLoading } from "../shared/section-loading";
import type { GuildSettingsSectionProps } from "../shared/section-props";
import { ConfirmRemovalDialog, type Removal } from "./confirm-removal-dialog";
import { memberAbilities } from "./member-abilities";
import { MemberRow, type MemberRowActions, memberName } from "./member-row";

/** People by name, then bots by name. */
function byKindThenName(a: MemberView, b: MemberView): number {
  return Number(a.user.bot) - Number(b.user.bot) || memberName(a).localeCompare(memberName(b));
}

function matches(member: MemberView, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || [memberName(member), member.user.username].some((name) => name.toLowerCase().includes(needle));
}

/** What the viewer may do, in one sentence above the list. */
function summary(standing: ModerationStandingView, owner: boolean): string {
  if (!standing.kickMembers && !standing.banMembers && !standing.manageRoles)
    return "Giving roles, kicking and banning need Manage Roles, Kick Members or Ban Members.";
  if (owner) return "As the owner you can act on everyone here. Bots’ own roles stay with their bots.";
  return "You can act only on members whose highest role is below yours, and give only roles below it. Nobody acts on the owner.";
}

/**
 * Everyone in the guild with their roles, searchable by name; each member's menu gives and
 * takes roles, kicks or bans (bots: Remove bot). The list follows the live stream (roles,
 * joins, removals) through the query cache the chat's member list also reads.
 */
export function MembersSection({ guild }: GuildSettingsSectionProps) {
  const trpc = useTRPC();
  const patcher = useQueryPatcher();
  const membersKey = trpc.guilds.members.queryKey({ guildId: guild.id });
  const members = useQuery(trpc.guilds.members.queryOptions({ guildId: guild.id }));
  const roles = useQuery(trpc.guilds.roles.queryOptions({ guildId: guild.id }));
  const standing = useQuery({
    ...trpc.moderation.standing.queryOptions({ guildId: guild.id }),
    refetchOnMount: "always",
  });
  const [search, setSearch] = useState("");
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const summaryId = useId();

  const setRoles = (userId: string, change: (held: string[]) => string[]) =>
    patcher.patch<MemberView[]>(membersKey, (list) =>
      list.map((m) => (m.user.id === userId ? { ...m, roles: change(m.roles) } : m)),
    );
  const giveRole = useMutation(
    trpc.moderation.addRole.mutationOptions({
      onSuccess: ({ userId, roleId }) => setRoles(userId, (held) => (held.includes(roleId) ? held : [...held, roleId])),
    }),
  );
  const takeRole = useMutation(
    trpc.moderation.removeRole.mutationOptions({
      onSuccess: ({ userId, roleId }) => setRoles(userId, (held) => held.filter((id) => id !== roleId)),
    }),
  );
  const roleError = giveRole.error ?? takeRole.error;

  const actions: MemberRowActions = {
    toggleRole(member, role, give) {
      giveRole.reset();
      takeRole.reset();
      const input = { guildId: guild.id, userId: member.user.id, roleId: role.id };
      const said = give
        ? `Gave ${role.name} to ${memberName(member)}.`
        : `Took ${role.name} from ${memberName(member)}.`;
      (give ? giveRole : takeRole).mutate(input, { onSuccess: () => setAnnouncement(said) });
    },
    kick: (member) => setRemoval({ kind: "kick", member }),
    ban: (member) => setRemoval({ kind: "ban", member }),
  };

  const rolesById = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r])), [roles.data]);
  const shown = useMemo(
    () => (members.data ?? []).filter((m) => matches(m, search)).sort(byKindThenName),
    [members.data, search],
  );
  const error = members.error ?? roles.error ?? standing.error;
  const ready = members.data && roles.data && standing.data;

  return (
    <div className="flex flex-col gap-4">
      {standing.data ? (
        <p id={summaryId} className="text-sm text-muted">
          {summary(standing.data, guild.owner)}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {roleError ? <Alert tone="error">{errorMessage(roleError)}</Alert> : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${summaryId}-search`} className="text-xs font-semibold uppercase tracking-wide text-muted">
          Search members
        </label>
        <input
          id={`${summaryId}-search`}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name or username"
          autoComplete="off"
          className="h-10 rounded-md border border-line bg-field px-3 text-[15px] text-text placeholder:text-faint focus:outline-none focus-visible:outline-2 focus-visible:outline-accent"
        />
      </div>
      {error && !ready ? (
        <Alert tone="error">{errorMessage(error, "Could not load the members. Try again.")}</Alert>
      ) : !ready ? (
        <SectionLoading label="Loading members" rowHeight="h-[5.25rem]" />
      ) : shown.length === 0 ? (
        <div className="rounded-lg border border-dashed border-line px-6 py-10 text-center" data-testid="no-members">
          <p className="font-semibold text-white">Nobody matches “{search.trim()}”</p>
          <p className="mt-1 text-sm text-muted">Search looks at display names and usernames.</p>
        </div>
      ) : (
        <>
          <p className="text-xs font-semibold uppercase tracking-wide text-faint" aria-live="polite">
            {search.trim() ? `${shown.length} of ${members.data.length} members` : `${members.data.length} members`}
          </p>
          <ul aria-label="Members" className="flex flex-col gap-2">
            {shown.map((member) => (
              <MemberRow
                key={member.user.id}
                member={member}
                roles={member.roles.flatMap((id) => rolesById.get(id) ?? []).sort(highestFirst)}
                abilities={memberAbilities(member, standing.data, roles.data)}
                actions={actions}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmRemovalDialog
        guild={guild}
        removal={removal}
        onClose={() => setRemoval(null)}
        onRemoved={(member, said) => {
          patcher.patch<MemberView[]>(membersKey, (list) => list.filter((m) => m.user.id !== member.user.id));
          setAnnouncement(said);
        }}
      />
    </div>
  );
}

function highestFirst(a: RoleView, b: RoleView): number {
  return b.position - a.position;
}
