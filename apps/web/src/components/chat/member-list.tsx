"use client";

import type { MemberView } from "@chat/api";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/bot-badge";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { useQuery } from "@/lib/use-query";

function Group({ title, members }: { title: string; members: MemberView[] }) {
  if (members.length === 0) return null;
  return (
    <section>
      <h3 className="px-2 pt-5 pb-1 text-xs font-semibold uppercase tracking-wide text-faint">
        {title} — {members.length}
      </h3>
      <ul>
        {members.map((member) => (
          <li key={member.user.id} data-testid="member" className="flex h-11 items-center gap-3 rounded-md px-2 hover:bg-hover/60">
            <Avatar id={member.user.id} name={member.nick ?? member.user.displayName} size="sm" />
            <span className="truncate text-[15px] text-muted">{member.nick ?? member.user.displayName}</span>
            {member.user.bot ? <BotBadge /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Everyone in the guild, people first, then bots. */
export function MemberList({ guildId }: { guildId: string }) {
  const members = useQuery(`members:${guildId}`, () => trpc.guilds.members.query({ guildId }));
  const list = members.data ?? [];
  return (
    <aside aria-label="Members" className="scroll-thin hidden w-60 shrink-0 overflow-y-auto bg-panel px-2 pb-4 lg:block">
      {members.error && !members.data ? <p className="px-2 pt-5 text-sm text-danger">{errorMessage(members.error, "Could not load members.")}</p> : null}
      {members.loading && !members.data ? <p className="px-2 pt-5 text-sm text-faint">Loading members…</p> : null}
      <Group title="Members" members={list.filter((m) => !m.user.bot)} />
      <Group title="Bots" members={list.filter((m) => m.user.bot)} />
    </aside>
  );
}
