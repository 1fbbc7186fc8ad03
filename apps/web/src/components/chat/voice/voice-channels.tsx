"use client";

import type { ChannelView, MemberView, UserView, VoiceStateView } from "@chat/api";
import { useQuery } from "@tanstack/react-query";
import { Avatar } from "@/components/ui/avatar";
import { EarIcon, HeadphonesOffIcon, MicOffIcon, SpeakerIcon } from "@/components/ui/icons";
import { useTRPC } from "@/lib/trpc";
import { useVoice, useVoiceSession } from "./voice-provider";

const NO_STATES: VoiceStateView[] = [];
const NO_MEMBERS: MemberView[] = [];

/**
 * The guild's voice channels: a click joins one (leaving any other), and under each, who is in
 * it — muted, deafened, speaking, and for bots whether they can hear the channel — kept live
 * by VOICE_STATE_UPDATE. Without a media server the channels say so and cannot be joined.
 */
export function VoiceChannels({ guildId, channels }: { guildId: string; channels: ChannelView[] }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.voice.status.queryOptions());
  const states = useQuery(trpc.voice.states.queryOptions({ guildId })).data ?? NO_STATES;
  const members = useQuery(trpc.guilds.members.queryOptions({ guildId })).data ?? NO_MEMBERS;
  const voice = useVoice();
  const session = useVoiceSession();
  const unavailable = status.data?.available === false;
  const noteId = `voice-unavailable-${guildId}`;
  return (
    <>
      {unavailable ? (
        <p id={noteId} data-testid="voice-unavailable" className="px-2 pb-1 text-xs text-muted">
          Voice isn’t set up on this server.
        </p>
      ) : null}
      <ul className="flex flex-col gap-0.5">
        {channels.map((channel) => {
          const here = states.filter((s) => s.channelId === channel.id);
          const connected =
            voice.channel?.channelId === channel.id && voice.phase !== "idle" && voice.phase !== "ended";
          return (
            <li key={channel.id}>
              <button
                type="button"
                aria-disabled={unavailable || undefined}
                aria-describedby={unavailable ? noteId : undefined}
                aria-current={connected ? "true" : undefined}
                data-testid="voice-channel"
                onClick={() => {
                  if (!unavailable) void session.join({ guildId, channelId: channel.id, name: channel.name });
                }}
                className={`flex h-8 w-full items-center gap-1.5 rounded-md px-2 text-left text-[15px] ${unavailable ? "cursor-not-allowed text-faint" : connected ? "bg-hover font-medium text-white" : "text-muted hover:bg-hover/60 hover:text-text"}`}
              >
                <SpeakerIcon width={18} height={18} className="shrink-0" />
                <span className="min-w-0 flex-1 truncate">{channel.name}</span>
              </button>
              {here.length > 0 ? (
                <ul
                  aria-label={`In ${channel.name}`}
                  data-testid="voice-participants"
                  className="mb-1 flex flex-col gap-0.5 pl-7"
                >
                  {here.map((state) => (
                    <Participant
                      key={state.userId}
                      state={state}
                      user={whoIs(state, members)}
                      speaking={voice.speaking.has(state.userId)}
                    />
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}

function whoIs(state: VoiceStateView, members: MemberView[]): { name: string; bot: boolean } {
  const member = members.find((m) => m.user.id === state.userId);
  const user: UserView | null = member?.user ?? state.user;
  return { name: member?.nick ?? user?.displayName ?? "Someone", bot: user?.bot ?? false };
}

function Participant({
  state,
  user,
  speaking,
}: {
  state: VoiceStateView;
  user: { name: string; bot: boolean };
  speaking: boolean;
}) {
  const muted = state.selfMute || state.mute;
  const deafened = state.selfDeaf || state.deaf;
  const hears = user.bot && state.listening;
  return (
    <li
      data-testid="voice-participant"
      data-user-id={state.userId}
      data-speaking={speaking || undefined}
      className="flex h-7 items-center gap-2 rounded-md px-1 text-sm text-muted"
    >
      <span
        className={`grid shrink-0 place-items-center rounded-full ${speaking ? "ring-2 ring-success ring-offset-1 ring-offset-panel" : ""}`}
      >
        <Avatar id={state.userId} name={user.name} size="xs" />
      </span>
      <span className={`min-w-0 flex-1 truncate ${speaking ? "text-white" : ""}`}>
        {user.name}
        {speaking ? <span className="sr-only">, speaking</span> : null}
        {muted ? <span className="sr-only">, muted</span> : null}
        {deafened ? <span className="sr-only">, deafened</span> : null}
      </span>
      {hears ? (
        <span
          role="img"
          aria-label={`${user.name} can hear this channel`}
          title={`${user.name} can hear this channel`}
          data-testid="voice-can-hear"
          className="inline-flex shrink-0 items-center gap-0.5 rounded bg-accent-strong px-1 text-[10px] font-semibold uppercase text-white"
        >
          <EarIcon width={12} height={12} />
          Hears
        </span>
      ) : null}
      {muted ? (
        <MicOffIcon width={14} height={14} data-testid="voice-muted" className="shrink-0 text-danger-text" />
      ) : null}
      {deafened ? (
        <HeadphonesOffIcon width={14} height={14} data-testid="voice-deafened" className="shrink-0 text-danger-text" />
      ) : null}
    </li>
  );
}
