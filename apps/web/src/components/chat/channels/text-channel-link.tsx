"use client";

import type { ChannelView } from "@chat/api";
import Link from "next/link";
import { HashIcon } from "@/components/ui/icons";
import { MentionBadge } from "../read-states/mention-badge";
import { isUnread, mentionLabel, type ReadStateIndex } from "../read-states/read-state-math";

/** One text channel of the sidebar: a link, bold while unread, with a badge counting mentions of the person. */
export function TextChannelLink({
  guildId,
  channel,
  active,
  readStates,
}: {
  guildId: string;
  channel: ChannelView;
  active: boolean;
  readStates: ReadStateIndex;
}) {
  const state = readStates.byChannel.get(channel.id);
  const unread = !active && isUnread(state);
  const mentions = mentionLabel(state?.mentionCount ?? 0);
  return (
    <li className="relative">
      {unread ? (
        <span
          aria-hidden="true"
          className="absolute top-1/2 -left-2 h-2 w-1 -translate-y-1/2 rounded-r-full bg-white"
        />
      ) : null}
      <Link
        href={`/channels/${guildId}/${channel.id}`}
        aria-current={active ? "page" : undefined}
        aria-describedby={mentions || unread ? `channel-state-${channel.id}` : undefined}
        data-testid="channel-link"
        data-unread={unread ? "true" : undefined}
        className={`flex h-8 items-center gap-1.5 rounded-md px-2 text-[15px] ${active ? "bg-hover font-medium text-white" : unread ? "font-semibold text-white hover:bg-hover/60" : "text-muted hover:bg-hover/60 hover:text-text"}`}
      >
        <HashIcon width={18} height={18} className="shrink-0 text-faint" />
        <span className="min-w-0 flex-1 truncate">{channel.name}</span>
        {state?.mentionCount ? <MentionBadge count={state.mentionCount} /> : null}
      </Link>
      {mentions || unread ? (
        <span id={`channel-state-${channel.id}`} className="sr-only">
          {mentions ?? "Unread messages"}
        </span>
      ) : null}
    </li>
  );
}
