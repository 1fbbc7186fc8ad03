"use client";

import type { ChannelSettings, ChannelSettingsView } from "@chat/api/channel-settings-views";
import { useId } from "react";
import { groupChannels, siblingsOf } from "../../chat/channels/channel-groups";
import { ArrowDownIcon, ArrowUpIcon, ChevronRightIcon } from "../roles/role-icons";
import { MoveButton } from "../shared/move-button";
import { ChannelKindIcon } from "./channel-kind-icon";
import { manageBlocker } from "./channel-reach";
import { sameOverwrites } from "./overwrite-draft";

/** The short line under a channel's name: how its permissions stand. */
function rowNote(channel: ChannelSettingsView, channels: ChannelSettingsView[]): string {
  if (channel.kind === "category") {
    const inside = channels.filter((c) => c.parentId === channel.id).length;
    return inside === 1 ? "1 channel" : `${inside} channels`;
  }
  const category = channels.find((c) => c.id === channel.parentId);
  if (category)
    return sameOverwrites(channel.overwrites, category.overwrites)
      ? `In sync with ${category.name}`
      : "Permissions of its own";
  return channel.overwrites.length === 0 ? "As the roles say" : "Permissions of its own";
}

function edgeBlocker(channel: ChannelSettingsView, channels: ChannelSettingsView[], step: -1 | 1): string | null {
  const siblings = siblingsOf(channels, channel);
  const index = siblings.findIndex((c) => c.id === channel.id);
  if (step === -1 && index === 0)
    return channel.kind === "category" ? "Already the first category." : "Already first in its place.";
  if (step === 1 && index === siblings.length - 1)
    return channel.kind === "category" ? "Already the last category." : "Already last in its place.";
  return null;
}

function ChannelRow({
  channel,
  channels,
  onOpen,
  onMove,
}: {
  channel: ChannelSettingsView;
  channels: ChannelSettingsView[];
  onOpen(): void;
  onMove(step: -1 | 1): void;
}) {
  const noteId = useId();
  const upId = useId();
  const downId = useId();
  const blocker = manageBlocker(channel);
  return (
    <div
      data-testid="channel-row"
      data-channel-id={channel.id}
      className="flex items-center gap-2 rounded-lg bg-panel py-2 pr-2 pl-3 ring-1 ring-white/5"
    >
      <ChannelKindIcon kind={channel.kind} />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onOpen}
          aria-describedby={noteId}
          data-channel-open={channel.id}
          className="flex max-w-full items-center gap-1.5 rounded text-left font-medium text-white hover:underline"
        >
          <span className={`truncate ${channel.kind === "category" ? "uppercase tracking-wide text-sm" : ""}`}>
            {channel.name}
          </span>
          <span className="sr-only">{channel.kind === "category" ? "(category)" : `(${channel.kind} channel)`}</span>
          <ChevronRightIcon className="shrink-0 text-muted" width={16} height={16} />
        </button>
        <p id={noteId} className="text-xs text-muted">
          {rowNote(channel, channels)}
        </p>
      </div>
      <div className="flex shrink-0 gap-1">
        <MoveButton
          label={`Move ${channel.name} up`}
          blocker={blocker ?? edgeBlocker(channel, channels, -1)}
          reasonId={upId}
          onMove={() => onMove(-1)}
          direction="up"
        >
          <ArrowUpIcon />
        </MoveButton>
        <MoveButton
          label={`Move ${channel.name} down`}
          blocker={blocker ?? edgeBlocker(channel, channels, 1)}
          reasonId={downId}
          onMove={() => onMove(1)}
          direction="down"
        >
          <ArrowDownIcon />
        </MoveButton>
      </div>
    </div>
  );
}

/**
 * The channels as the sidebar lays them out: those outside any category, then each category
 * with its channels. A name opens it; the arrows move it among its neighbours (a channel's
 * category is changed in its editor).
 */
export function ChannelLayoutList({
  settings,
  onOpen,
  onMove,
}: {
  settings: ChannelSettings;
  onOpen(id: string): void;
  onMove(id: string, step: -1 | 1): void;
}) {
  const { channels } = settings;
  const groups = groupChannels(channels);
  const row = (channel: ChannelSettingsView) => (
    <ChannelRow
      channel={channel}
      channels={channels}
      onOpen={() => onOpen(channel.id)}
      onMove={(step) => onMove(channel.id, step)}
    />
  );
  return (
    <ul aria-label="Channels and categories" className="flex flex-col gap-4">
      {groups.map((group) => {
        const inside = [...group.text, ...group.voice];
        if (!group.category && inside.length === 0) return null;
        return (
          <li key={group.category?.id ?? "outside"} className="flex flex-col gap-1.5">
            {group.category ? (
              row(group.category)
            ) : (
              <p className="px-1 text-xs font-semibold uppercase tracking-wide text-muted">Outside any category</p>
            )}
            {inside.length > 0 ? (
              <ul
                aria-label={group.category ? `Channels in ${group.category.name}` : "Channels outside any category"}
                className={`flex flex-col gap-1.5 ${group.category ? "ml-6" : ""}`}
              >
                {inside.map((channel) => (
                  <li key={channel.id}>{row(channel)}</li>
                ))}
              </ul>
            ) : group.category ? (
              <p className="ml-6 text-sm text-faint">No channels in this category yet.</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
