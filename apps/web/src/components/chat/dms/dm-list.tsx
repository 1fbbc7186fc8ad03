"use client";

import type { DmView } from "@chat/api";
import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/bot-badge";
import { errorMessage } from "@/lib/errors";
import { MentionBadge } from "../read-states/mention-badge";
import { isUnread, mentionLabel, type ReadStateIndex } from "../read-states/read-state-math";

/** Home's sidebar: the person's DMs (people and bots), the most recently active first; unread ones bold. */
export function DmList({
  dms,
  error,
  selectedId,
  readStates,
}: {
  dms: DmView[] | undefined;
  error: unknown;
  selectedId: string | null;
  readStates: ReadStateIndex;
}) {
  return (
    <nav aria-label="Direct messages" className="scroll-thin flex-1 overflow-y-auto px-2 pt-4">
      <h3 className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">Direct messages</h3>
      {dms === undefined && error ? (
        <p className="px-2 pt-2 text-sm text-danger">{errorMessage(error, "Could not load your conversations.")}</p>
      ) : null}
      {dms === undefined && !error ? (
        <div role="status" aria-busy="true" aria-label="Loading conversations" className="space-y-2 px-2 pt-2">
          {[70, 50, 60].map((w) => (
            <div key={w} className="h-8 animate-pulse rounded bg-raised" style={{ width: `${w}%` }} />
          ))}
        </div>
      ) : null}
      {dms?.length === 0 ? (
        <p className="px-2 pt-2 text-sm text-muted">
          No conversations yet. Open someone’s profile and choose Message to start one.
        </p>
      ) : null}
      <ul className="space-y-0.5">
        {dms?.map((dm) => {
          const state = readStates.byChannel.get(dm.id);
          const active = dm.id === selectedId;
          const unread = !active && isUnread(state);
          const mentions = active ? 0 : (state?.mentionCount ?? 0);
          const status = mentionLabel(mentions) ?? (unread ? "unread" : null);
          return (
            <li key={dm.id}>
              <Link
                href={`/channels/@me/${dm.id}`}
                aria-current={active ? "page" : undefined}
                data-testid="dm-link"
                data-unread={unread ? "true" : undefined}
                className={`flex h-11 items-center gap-3 rounded-md px-2 ${active ? "bg-hover text-white" : unread ? "text-white hover:bg-hover/60" : "text-muted hover:bg-hover/60 hover:text-text"}`}
              >
                <Avatar id={dm.recipient.id} name={dm.recipient.displayName} picture={dm.recipient.avatar} size="sm" />
                <span className={`min-w-0 truncate text-[15px] ${unread ? "font-semibold" : ""}`}>
                  {dm.recipient.displayName}
                </span>
                {dm.recipient.bot ? <BotBadge /> : null}
                {status ? <span className="sr-only">, {status}</span> : null}
                {mentions > 0 ? <MentionBadge count={mentions} className="ml-auto h-4 min-w-4" /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
