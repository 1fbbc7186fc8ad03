"use client";

import { SpeakerIcon } from "@/components/ui/icons";
import { useVoice } from "./voice-provider";

/**
 * Phones: the voice panel lives in the drawer, so a channel's header says the person is in
 * voice; a tap opens the drawer with the panel.
 */
export function VoicePhoneBadge({ onOpen }: { onOpen(): void }) {
  const voice = useVoice();
  if (!voice.channel || voice.phase === "idle" || voice.phase === "ended") return null;
  const label =
    voice.phase === "connected" ? `In voice: ${voice.channel.name}` : `Joining voice: ${voice.channel.name}`;
  return (
    <button
      type="button"
      onClick={onOpen}
      title={`${label}. Open the voice controls`}
      data-testid="voice-phone-badge"
      className="ml-auto flex h-7 max-w-36 shrink-0 items-center gap-1 rounded-full bg-success/15 px-2 text-xs font-medium text-voice-badge-text md:hidden"
    >
      <SpeakerIcon width={14} height={14} className="shrink-0" />
      <span className="truncate">{label}</span>
    </button>
  );
}
