"use client";

import type { ChannelView } from "@chat/api";
import Link from "next/link";
import { HashIcon, PlusIcon, SpeakerIcon } from "@/components/ui/icons";
import { Tooltip } from "@/components/ui/tooltip";

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

/** Text channels (links) and voice channels (listed, not joinable yet); `onCreate` offers "Create a channel". */
export function ChannelList({ guildId, channels, selectedId, onCreate }: { guildId: string; channels: ChannelView[]; selectedId: string | null; onCreate?: () => void }) {
  const text = channels.filter((c) => c.kind === "text");
  const voice = channels.filter((c) => c.kind === "voice");
  return (
    <nav aria-label="Channels" className="scroll-thin flex-1 overflow-y-auto px-2 pb-3">
      <SectionTitle onCreate={onCreate}>Text channels</SectionTitle>
      <ul className="flex flex-col gap-0.5">
        {text.map((channel) => {
          const active = channel.id === selectedId;
          return (
            <li key={channel.id}>
              <Link
                href={`/channels/${guildId}/${channel.id}`}
                aria-current={active ? "page" : undefined}
                data-testid="channel-link"
                className={`flex h-8 items-center gap-1.5 rounded-md px-2 text-[15px] ${active ? "bg-hover font-medium text-white" : "text-muted hover:bg-hover/60 hover:text-text"}`}
              >
                <HashIcon width={18} height={18} className="shrink-0 text-faint" />
                <span className="truncate">{channel.name}</span>
              </Link>
            </li>
          );
        })}
        {text.length === 0 ? <li className="px-2 py-1 text-sm text-faint">No text channels you can see.</li> : null}
      </ul>
      {voice.length > 0 ? (
        <>
          <SectionTitle>Voice channels</SectionTitle>
          <ul className="flex flex-col gap-0.5">
            {voice.map((channel) => (
              <li key={channel.id}>
                <Tooltip id={`voice-tip-${channel.id}`} text="Voice channels aren’t joinable yet" side="top">
                  {/* biome-ignore lint/a11y/useSemanticElements: a disabled entry that must stay focusable for its tooltip */}
                  <span
                    role="button"
                    tabIndex={0}
                    aria-disabled="true"
                    aria-describedby={`voice-tip-${channel.id}`}
                    data-testid="voice-channel"
                    className="flex h-8 w-full cursor-not-allowed items-center gap-1.5 rounded-md px-2 text-[15px] text-faint"
                  >
                    <SpeakerIcon width={18} height={18} className="shrink-0" />
                    <span className="truncate">{channel.name}</span>
                  </span>
                </Tooltip>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </nav>
  );
}
