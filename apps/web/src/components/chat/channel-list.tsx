"use client";

import type { ChannelView } from "@chat/api";
import Link from "next/link";
import { NextEventLink } from "@/components/events/next-event-link";
import { HashIcon, PlusIcon } from "@/components/ui/icons";
import { MentionBadge } from "./read-states/mention-badge";
import { isUnread, mentionLabel, type ReadStateIndex } from "./read-states/read-state-math";
import { VoiceChannels } from "./voice/voice-channels";

function SectionTitle({ children, onCreate }: { children: string; onCreate?: () => void }) {
  return (
    <div className="flex items-center justify-between px-2 pt-4 pb-1">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-faint">{children}</h2>
      {onCreate ? (
        <button
          type="button"
          aria-label="Create a channel"
          title="Create a channel"
          onClick={onCreate}
          className="rounded text-faint hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
        >
          <PlusIcon width={16} height={16} />
        </button>
      ) : null}
    </div>
  );
}

/**
 * Text channels (links, bold while unread, with a badge counting mentions of the person) and
 * voice channels (a click joins, with who is in each); `onCreate` offers "Create a channel".
 */
export function ChannelList({
  guildId,
  channels,
  selectedId,
  readStates,
  onCreate,
}: { guildId: string; channels: ChannelView[]; selectedId: string | null; readStates: ReadStateIndex; onCreate?: () => void }) {
  const text = channels.filter((c) => c.kind === "text");
  const voice = channels.filter((c) => c.kind === "voice");
  return (
    <nav aria-label="Channels" className="scroll-thin flex-1 overflow-y-auto px-2 pb-3">
      <NextEventLink guildId={guildId} />
      <SectionTitle onCreate={onCreate}>Text channels</SectionTitle>
      <ul className="flex flex-col gap-0.5">
        {text.map((channel) => {
          const active = channel.id === selectedId;
          const state = readStates.byChannel.get(channel.id);
          const unread = !active && isUnread(state);
          const mentions = mentionLabel(state?.mentionCount ?? 0);
          return (
            <li key={channel.id} className="relative">
              {unread ? <span aria-hidden="true" className="absolute top-1/2 -left-2 h-2 w-1 -translate-y-1/2 rounded-r-full bg-white" /> : null}
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
        })}
        {text.length === 0 ? <li className="px-2 py-1 text-sm text-faint">No text channels you can see.</li> : null}
      </ul>
      {voice.length > 0 ? (
        <>
          <SectionTitle>Voice channels</SectionTitle>
          <VoiceChannels guildId={guildId} channels={voice} />
        </>
      ) : null}
    </nav>
  );
}
