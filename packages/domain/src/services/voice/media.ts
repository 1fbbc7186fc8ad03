/** What a participant may do in a voice room: publish audio (Speak), receive others' audio (Listen). */
export interface VoiceGrants {
  speak: boolean;
  listen: boolean;
}

/** One participant connected to a room of the media server. */
export interface VoiceParticipant {
  identity: string;
  /** The media server's id of this connection (the voice state's `session_id`). */
  sid: string;
  metadata: string;
}

/**
 * The media server (LiveKit) as the voice service uses it. Rooms are named by channel id,
 * participants by user id. @chat/voice implements it with LiveKit's server SDK.
 */
export interface VoiceMedia {
  /** Where clients connect with a token (`url` of the join response). */
  readonly url: string;
  mintToken(input: {
    room: string;
    identity: string;
    name: string;
    metadata: string;
    grants: VoiceGrants;
    ttlSeconds: number;
  }): Promise<string>;
  /** The complete permission set of a connected participant; nothing when it is not connected. */
  setGrants(room: string, identity: string, grants: VoiceGrants): Promise<void>;
  /** Disconnects a participant; nothing when it is not connected. */
  remove(room: string, identity: string): Promise<void>;
  /** Rooms that exist now (those with participants, or just emptied). */
  rooms(): Promise<string[]>;
  participants(room: string): Promise<VoiceParticipant[]>;
}

/** What the join token's metadata carries to the participant_joined webhook. */
export interface JoinMetadata {
  self_mute: boolean;
  self_deaf: boolean;
}

export function parseJoinMetadata(metadata: string): JoinMetadata {
  try {
    const parsed = JSON.parse(metadata) as Partial<JoinMetadata>;
    return { self_mute: parsed.self_mute === true, self_deaf: parsed.self_deaf === true };
  } catch {
    return { self_mute: false, self_deaf: false };
  }
}
