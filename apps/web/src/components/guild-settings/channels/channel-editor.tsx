"use client";

import type { ChannelSettingsView } from "@chat/api/channel-settings-views";
import { useEffect, useRef } from "react";
import { ChevronLeftIcon } from "../roles/role-icons";
import { ChannelDetailsForm } from "./channel-details-form";
import { ChannelKindIcon } from "./channel-kind-icon";
import { DeleteChannel } from "./delete-channel";
import { OverwritesEditor } from "./overwrites-editor";

/** One channel or category opened from the list: its details, its permissions, deleting it. */
export function ChannelEditor({
  guildId,
  meId,
  channel,
  channels,
  announce,
  onBack,
  onDeleted,
}: {
  guildId: string;
  meId: string;
  channel: ChannelSettingsView;
  channels: ChannelSettingsView[];
  announce(text: string): void;
  onBack(): void;
  onDeleted(name: string): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const category = channel.parentId
    ? (channels.find((c) => c.id === channel.parentId && c.kind === "category") ?? null)
    : null;
  return (
    <div className="flex flex-col gap-6 pb-24" data-testid="channel-editor">
      <div className="flex flex-col gap-3">
        <button
          type="button"
          onClick={onBack}
          className="flex w-fit items-center gap-1 rounded text-sm font-medium text-muted hover:text-text"
        >
          <ChevronLeftIcon width={16} height={16} />
          All channels
        </button>
        <h4
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-semibold text-white focus:outline-none"
        >
          <ChannelKindIcon kind={channel.kind} />
          <span className="truncate">
            {channel.kind === "category" ? "Edit category" : "Edit channel"} — {channel.name}
          </span>
        </h4>
      </div>
      <ChannelDetailsForm
        key={`${channel.id}-${channel.name}-${channel.parentId}`}
        guildId={guildId}
        channel={channel}
        channels={channels}
        announce={announce}
      />
      <OverwritesEditor key={channel.id} guildId={guildId} meId={meId} channel={channel} category={category} />
      <DeleteChannel guildId={guildId} channel={channel} onDeleted={onDeleted} />
    </div>
  );
}
