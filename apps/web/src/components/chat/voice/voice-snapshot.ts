/** What the tab's voice connection looks like from outside, and the server calls it needs. */

/** Where the tab's voice connection is: nowhere, on its way, in the room, or over with a reason. */
export type VoicePhase = "idle" | "connecting" | "connected" | "reconnecting" | "ended";

export interface VoiceChannelRef {
  guildId: string;
  channelId: string;
  name: string;
}

export interface VoiceSnapshot {
  phase: VoicePhase;
  channel: VoiceChannelRef | null;
  selfMute: boolean;
  selfDeaf: boolean;
  /** The token lets the person publish audio (Speak). */
  canSpeak: boolean;
  /** What went wrong, in plain words (shown in the panel); null when all is well. */
  problem: string | null;
  /** Identities (user ids) speaking now, this person included. */
  speaking: ReadonlySet<string>;
  /** The browser holds back playback until the person clicks (autoplay rules). */
  audioBlocked: boolean;
}

/** The server calls the session needs (the tRPC voice router). */
export interface VoiceApi {
  join(input: {
    channelId: string;
    selfMute: boolean;
    selfDeaf: boolean;
  }): Promise<{ url: string; token: string; speak: boolean }>;
  leave(input: { guildId: string }): Promise<unknown>;
  setSelf(input: { guildId: string; selfMute: boolean; selfDeaf: boolean }): Promise<unknown>;
}

/** Before any join, and after leaving. */
export const IDLE: VoiceSnapshot = {
  phase: "idle",
  channel: null,
  selfMute: false,
  selfDeaf: false,
  canSpeak: true,
  problem: null,
  speaking: new Set(),
  audioBlocked: false,
};
