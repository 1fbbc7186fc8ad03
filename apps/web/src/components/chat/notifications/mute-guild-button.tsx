"use client";

import { useSyncExternalStore } from "react";
import { BellIcon, BellOffIcon } from "@/components/ui/icons";
import { mutedGuilds } from "./muted-guilds";

const NONE: ReadonlySet<string> = new Set();

/** Mutes a guild's mentions in this browser: its unread badges stay, its desktop notifications stop. */
export function MuteGuildButton({ guildId, guildName }: { guildId: string; guildName: string }) {
  const muted = useSyncExternalStore(mutedGuilds.subscribe, mutedGuilds.all, () => NONE).has(guildId);
  const label = `Mute notifications from ${guildName}`;
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={muted}
      title={muted ? `Notifications from ${guildName} are muted` : label}
      onClick={() => mutedGuilds.set(guildId, !muted)}
      className={`rounded p-1 hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent ${muted ? "text-danger-text" : "text-muted hover:text-text"}`}
    >
      {muted ? <BellOffIcon width={18} height={18} /> : <BellIcon width={18} height={18} />}
    </button>
  );
}
