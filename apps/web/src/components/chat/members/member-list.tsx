"use client";

import type { MemberView, RoleView } from "@chat/api";
import { useQuery } from "@tanstack/react-query";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/bot-badge";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { MoreButton, useAppsMenu } from "../commands/apps-menu";
import { useShowProfile } from "../people/profile-card-context";
import { groupMembers } from "./member-groups";
import { PresenceDot } from "./presence-dot";

const NO_ROLES: RoleView[] = [];

/** Those here now first. */
const STATUS_ORDER = { online: 0, idle: 1, offline: 2 } as const;

function Group({ title, members, guildId }: { title: string; members: MemberView[]; guildId: string }) {
  if (members.length === 0) return null;
  return (
    <section>
      <h3 className="px-2 pt-5 pb-1 text-xs font-semibold uppercase tracking-wide text-faint">
        {title} — {members.length}
      </h3>
      <ul>
        {[...members]
          .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status])
          .map((member) => (
            <MemberRow key={member.user.id} member={member} guildId={guildId} />
          ))}
      </ul>
    </section>
  );
}

/** One member; in a channel, right-click or "…" opens their menu (Apps: user commands on them). */
function MemberRow({ member, guildId }: { member: MemberView; guildId: string }) {
  const name = member.nick ?? member.user.displayName;
  const showProfile = useShowProfile();
  const menu = useAppsMenu("user", member.user.id, `Actions for ${name}`);
  return (
    <li
      data-testid="member"
      onContextMenu={menu.available ? menu.onContextMenu : undefined}
      className="group flex h-11 items-center gap-3 rounded-md px-2 hover:bg-hover/60"
    >
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={(e) => showProfile?.({ user: member.user, guildId, anchor: e.currentTarget })}
        className="flex min-w-0 flex-1 items-center gap-3 rounded text-left focus-visible:outline-2 focus-visible:outline-accent"
      >
        <span className="relative shrink-0">
          <Avatar id={member.user.id} name={name} picture={member.user.avatar} size="sm" />
          <PresenceDot status={member.status} />
        </span>
        <span className="truncate text-[15px] text-muted">{name}</span>
        {member.user.bot ? <BotBadge /> : null}
      </button>
      {menu.available ? (
        <MoreButton
          label={`More actions for ${name}`}
          expanded={menu.open}
          onOpen={menu.openFrom}
          className="ml-auto opacity-0 group-hover:opacity-100 focus-visible:opacity-100 aria-expanded:opacity-100 [@media(hover:none)]:opacity-100"
        />
      ) : null}
      {menu.element}
    </li>
  );
}

/** Everyone in the guild: those of each role shown separately, then people, then bots; a dot tells who is online (a person: a tab open; a bot: its gateway presence). */
export function MemberList({
  guildId,
  sheet = false,
}: {
  guildId: string /** Inside the members sheet of narrow screens. */;
  sheet?: boolean;
}) {
  const trpc = useTRPC();
  const members = useQuery(trpc.guilds.members.queryOptions({ guildId }));
  const roles = useQuery(trpc.guilds.roles.queryOptions({ guildId }));
  const list = members.data ?? [];
  return (
    <aside
      aria-label="Members"
      className={`scroll-thin shrink-0 overflow-y-auto bg-panel px-2 pb-4 ${sheet ? "h-full w-full" : "hidden w-60 lg:block"}`}
    >
      {members.error && !members.data ? (
        <p className="px-2 pt-5 text-sm text-danger">{errorMessage(members.error, "Could not load members.")}</p>
      ) : null}
      {members.isPending ? <p className="px-2 pt-5 text-sm text-faint">Loading members…</p> : null}
      {groupMembers(list, roles.data ?? NO_ROLES).map((group) => (
        <Group key={group.key} title={group.title} members={group.members} guildId={guildId} />
      ))}
    </aside>
  );
}
