import { WaitableLog } from "./bot-interactions";

/** Our voice join response (spec), as the library's REST client handed it back. */
export interface VoiceJoinAnswer {
  url: string;
  token: string;
  room: string;
  identity: string;
  expires_in: number;
  speak: boolean;
  listen: boolean;
}

/** A voice state as the library emitted it (its VOICE_STATE_UPDATE event). */
export interface SeenVoiceState {
  userId: string;
  guildId: string;
  channelId: string | null;
  selfMute: boolean;
  selfDeaf: boolean;
}

/**
 * Voice through a library (the spec: bots join through REST, connect with the media server's
 * SDK, and follow VOICE_STATE_UPDATE): the library's own REST client calls our voice routes,
 * its gateway client reports voice states the way its users read them.
 */
export interface BotVoice {
  join(channelId: string, body?: { self_mute?: boolean; self_deaf?: boolean }): Promise<VoiceJoinAnswer>;
  /** PATCH /guilds/{guild}/voice-states/@me. */
  setSelf(guildId: string, body: { self_mute?: boolean; self_deaf?: boolean; channel_id?: null }): Promise<void>;
  /** DELETE /guilds/{guild}/voice-states/@me. */
  leave(guildId: string): Promise<void>;
  /** VOICE_STATE_UPDATEs as the library emitted them. */
  readonly states: WaitableLog<SeenVoiceState>;
  /** Who the library holds in voice channels of the guild now (its cache, or GUILD_CREATE plus the updates for cacheless ones). */
  inVoice(guildId: string): Map<string, string>;
}

export function voiceStateLog(): WaitableLog<SeenVoiceState> {
  return new WaitableLog<SeenVoiceState>("VOICE_STATE_UPDATE");
}
