"use client";

import type { ChannelView } from "@chat/api";
import { useState } from "react";
import { NextEventLink } from "@/components/events/next-event-link";
import { ChevronDownIcon, PlusIcon } from "@/components/ui/icons";
import type { ReadStateIndex } from "../read-states/read-state-math";
import { VoiceChannels } from "../voice/voice-channels";
import { type ChannelGroup, groupChannels } from "./channel-groups";
import { TextChannelLink } from "./text-channel-link";

function CreateButton({ label, onCreate }: { label: string; onCreate: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onCreate}
      className="rounded text-faint hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
    >
      <PlusIcon width={16} height={16} />
    </button>
  );
}

function SectionTitle({ children, onCreate }: { children: string; onCreate?: () => void }) {
  return (
    <div className="flex items-center justify-between px-2 pt-4 pb-1">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-faint">{children}</h2>
      {onCreate ? <CreateButton label="Create a channel" onCreate={onCreate} /> : null}
    </div>
  );
}

interface ListProps {
  guildId: string;
  selectedId: string | null;
  readStates: ReadStateIndex;
}

function TextChannels({ channels, guildId, selectedId, readStates }: ListProps & { channels: ChannelView[] }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {channels.map((channel) => (
        <TextChannelLink
          key={channel.id}
          guildId={guildId}
          channel={channel}
          active={channel.id === selectedId}
          readStates={readStates}
        />
      ))}
    </ul>
  );
}

/** A category: its name folds its channels away (the open channel stays in sight); `onCreate` adds a channel inside. */
function CategoryBlock({
  group,
  onCreate,
  ...list
}: ListProps & {
  group: ChannelGroup<ChannelView> & { category: ChannelView };
  onCreate?: (parentId: string) => void;
}) {
  const [folded, setFolded] = useState(false);
  const { category } = group;
  const text = folded ? group.text.filter((c) => c.id === list.selectedId) : group.text;
  const bodyId = `category-${category.id}`;
  return (
    <section aria-label={category.name} data-testid="channel-category">
      <div className="flex items-center justify-between gap-1 pt-4 pr-2 pb-1">
        <h2 className="min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={!folded}
            aria-controls={bodyId}
            onClick={() => setFolded(!folded)}
            className="flex w-full min-w-0 items-center gap-0.5 rounded text-left text-xs font-semibold uppercase tracking-wide text-faint hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
          >
            <ChevronDownIcon
              width={12}
              height={12}
              className={`shrink-0 transition-transform ${folded ? "-rotate-90" : ""}`}
            />
            <span className="truncate">{category.name}</span>
          </button>
        </h2>
        {onCreate ? (
          <CreateButton label={`Create a channel in ${category.name}`} onCreate={() => onCreate(category.id)} />
        ) : null}
      </div>
      <div id={bodyId}>
        <TextChannels channels={text} {...list} />
        {!folded && group.voice.length > 0 ? <VoiceChannels guildId={list.guildId} channels={group.voice} /> : null}
        {!folded && group.text.length + group.voice.length === 0 ? (
          <p className="px-2 py-1 text-sm text-faint">No channels here yet.</p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The guild's channels as the reference platform's client lays them out: those outside any
 * category first (text, then voice: a click joins, with who is in each), then each category
 * with its own. `onCreate` offers "Create a channel", in a category or outside.
 */
export function ChannelList({
  guildId,
  channels,
  selectedId,
  readStates,
  onCreate,
}: ListProps & { channels: ChannelView[]; onCreate?: (parentId: string | null) => void }) {
  const [outside, ...categories] = groupChannels(channels) as [
    ChannelGroup<ChannelView>,
    ...(ChannelGroup<ChannelView> & { category: ChannelView })[],
  ];
  const list = { guildId, selectedId, readStates };
  const noText = outside.text.length === 0 && categories.every((g) => g.text.length === 0);
  return (
    <nav aria-label="Channels" className="scroll-thin flex-1 overflow-y-auto px-2 pb-3">
      <NextEventLink guildId={guildId} />
      {outside.text.length > 0 || categories.length === 0 ? (
        <>
          <SectionTitle onCreate={onCreate ? () => onCreate(null) : undefined}>Text channels</SectionTitle>
          <TextChannels channels={outside.text} {...list} />
          {noText ? <p className="px-2 py-1 text-sm text-faint">No text channels you can see.</p> : null}
        </>
      ) : null}
      {outside.voice.length > 0 ? (
        <>
          <SectionTitle>Voice channels</SectionTitle>
          <VoiceChannels guildId={guildId} channels={outside.voice} />
        </>
      ) : null}
      {categories.map((group) => (
        <CategoryBlock key={group.category.id} group={group} onCreate={onCreate} {...list} />
      ))}
    </nav>
  );
}
