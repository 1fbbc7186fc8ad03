"use client";

import type { ReactNode } from "react";
import { HeadphonesIcon, HeadphonesOffIcon, MicIcon, MicOffIcon, PhoneOffIcon } from "@/components/ui/icons";
import { useVoice, useVoiceSession } from "./voice-provider";
import type { VoicePhase } from "./voice-snapshot";

const PHASE_TEXT: Record<VoicePhase, string> = {
  idle: "",
  connecting: "Joining voice…",
  connected: "Voice connected",
  reconnecting: "Voice reconnecting…",
  ended: "Voice disconnected",
};

const PHASE_COLOUR: Record<VoicePhase, string> = {
  idle: "",
  connecting: "text-warning",
  connected: "text-success",
  reconnecting: "text-warning",
  ended: "text-danger-text",
};

/**
 * The person's voice connection at the bottom of the sidebar: the channel, how the connection
 * is, and Mute, Deafen and Disconnect. Problems (a blocked microphone, a lost connection) are
 * said here in plain words.
 */
export function VoicePanel() {
  const voice = useVoice();
  const session = useVoiceSession();
  if (voice.phase === "idle" || !voice.channel) return null;
  const { channel, phase, selfMute, selfDeaf, problem } = voice;
  const inCall = phase !== "ended";
  return (
    <section
      aria-label="Voice connection"
      data-testid="voice-panel"
      className="shrink-0 border-t border-black/25 bg-dock px-2 pt-2 pb-1.5"
    >
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1 leading-tight">
          <p role="status" data-testid="voice-phase" className={`text-sm font-semibold ${PHASE_COLOUR[phase]}`}>
            {PHASE_TEXT[phase]}
          </p>
          <p className="truncate text-xs text-muted" data-testid="voice-channel-name">
            {channel.name}
          </p>
        </div>
        {inCall ? (
          <PanelButton label="Disconnect" onClick={() => void session.leave()} danger>
            <PhoneOffIcon width={20} height={20} />
          </PanelButton>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" data-testid="voice-problem" className="mt-1.5 text-xs leading-snug text-danger-text">
          {problem}
        </p>
      ) : null}
      {voice.audioBlocked && inCall ? (
        <button
          type="button"
          onClick={() => void session.startAudio()}
          className="mt-1.5 w-full rounded-md bg-accent-strong px-2 py-1 text-xs font-medium text-white hover:bg-accent-hover"
        >
          Your browser paused the sound: play it
        </button>
      ) : null}
      <div className="mt-1.5 flex gap-1">
        {inCall ? (
          <>
            <ToggleButton
              label="Mute"
              pressed={selfMute}
              hint={selfMute ? "Unmute microphone" : "Mute microphone"}
              onClick={() => void session.toggleMute()}
            >
              {selfMute ? <MicOffIcon width={18} height={18} /> : <MicIcon width={18} height={18} />}
            </ToggleButton>
            <ToggleButton
              label="Deafen"
              pressed={selfDeaf}
              hint={selfDeaf ? "Undeafen" : "Deafen: hear no one"}
              onClick={() => void session.toggleDeaf()}
            >
              {selfDeaf ? <HeadphonesOffIcon width={18} height={18} /> : <HeadphonesIcon width={18} height={18} />}
            </ToggleButton>
          </>
        ) : (
          <>
            <button
              type="button"
              onClick={() => void session.join(channel)}
              className="h-8 flex-1 rounded-md bg-raised text-sm font-medium text-text hover:bg-hover"
            >
              Try again
            </button>
            <button
              type="button"
              onClick={() => session.dismiss()}
              className="h-8 flex-1 rounded-md text-sm font-medium text-muted hover:bg-hover hover:text-text"
            >
              Close
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/** A toggle: its name stays, `aria-pressed` says whether it is on; the hint says what a click does. */
function ToggleButton({
  label,
  pressed,
  hint,
  onClick,
  children,
}: {
  label: string;
  pressed: boolean;
  hint: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      title={hint}
      onClick={onClick}
      className={`flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md text-sm font-medium ${pressed ? "bg-danger-strong/20 text-danger-text hover:bg-danger-strong/30" : "text-muted hover:bg-hover hover:text-text"}`}
    >
      {children}
      <span aria-hidden="true">{label}</span>
    </button>
  );
}

function PanelButton({
  label,
  onClick,
  danger,
  children,
}: {
  label: string;
  onClick(): void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`grid size-8 shrink-0 place-items-center rounded-md hover:bg-hover ${danger ? "text-danger-text" : "text-muted hover:text-text"}`}
    >
      {children}
    </button>
  );
}
