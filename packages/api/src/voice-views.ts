import type { UserView } from "./views";

/**
 * Someone in a voice channel, as the channel list shows them. `user` comes with live events
 * (their member); the list answer leaves it out and the UI names them from the guild's members.
 * `listening`: they hear the channel (hold Listen) — shown for bots, so everyone knows.
 */
export interface VoiceStateView {
  guildId: string;
  /** The channel they are in; null in a live event that says they left. */
  channelId: string | null;
  userId: string;
  user: UserView | null;
  selfMute: boolean;
  selfDeaf: boolean;
  /** Muted or deafened by the server (a moderator, or no Speak / Listen). */
  mute: boolean;
  deaf: boolean;
  listening: boolean;
}

/** The join answer the browser connects with. */
export interface VoiceJoinView {
  url: string;
  token: string;
  room: string;
  identity: string;
  expiresIn: number;
  speak: boolean;
  listen: boolean;
}

interface WireVoiceState {
  guild_id?: string;
  channel_id: string | null;
  user_id: string;
  member?: { user?: { id: string; username: string; global_name?: string | null; bot?: boolean } };
  self_mute: boolean;
  self_deaf: boolean;
  mute: boolean;
  deaf: boolean;
  listening: boolean;
}

export function voiceStateView(state: WireVoiceState, guildId?: string): VoiceStateView {
  const user = state.member?.user;
  return {
    guildId: state.guild_id ?? guildId ?? "",
    channelId: state.channel_id,
    userId: state.user_id,
    user: user
      ? { id: user.id, username: user.username, displayName: user.global_name || user.username, bot: user.bot === true }
      : null,
    selfMute: state.self_mute,
    selfDeaf: state.self_deaf,
    mute: state.mute,
    deaf: state.deaf,
    listening: state.listening,
  };
}

export function voiceJoinView(join: {
  url: string;
  token: string;
  room: string;
  identity: string;
  expires_in: number;
  speak: boolean;
  listen: boolean;
}): VoiceJoinView {
  return {
    url: join.url,
    token: join.token,
    room: join.room,
    identity: join.identity,
    expiresIn: join.expires_in,
    speak: join.speak,
    listen: join.listen,
  };
}

/**
 * A voice channel's list after one live event: the person's entry leaves every other channel
 * (one voice channel per guild), and is put in `channelId` unless they left. Keeps the user
 * already known when the event carries none, and the place of someone who only muted.
 */
export function applyVoiceState(list: VoiceStateView[], state: VoiceStateView): VoiceStateView[] {
  const previous = list.find((s) => s.userId === state.userId);
  if (state.channelId === null) return list.filter((s) => s.userId !== state.userId);
  const next = { ...state, user: state.user ?? previous?.user ?? null };
  // A change of mute or deafen keeps their place; a move or a join goes last.
  if (previous?.channelId === state.channelId) return list.map((s) => (s.userId === state.userId ? next : s));
  return [...list.filter((s) => s.userId !== state.userId), next];
}
