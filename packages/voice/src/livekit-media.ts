import type { VoiceGrants, VoiceMedia, VoiceParticipant } from "@chat/domain";
import { AccessToken, RoomServiceClient, TrackSource } from "livekit-server-sdk";

export interface LiveKitAccess {
  /** Where this service calls LiveKit's API (ws:// or http://; the SDK uses its http form). */
  url: string;
  /** Where browsers and bots connect; LiveKit's own address unless it is reached otherwise from outside. */
  publicUrl: string;
  apiKey: string;
  apiSecret: string;
}

const REQUEST_TIMEOUT_SECONDS = 5;

/** Audio only: a participant that may speak publishes its microphone, nothing else (spec: bots send audio only). */
function permissionOf(grants: VoiceGrants) {
  return {
    canPublish: grants.speak,
    canPublishSources: grants.speak ? [TrackSource.MICROPHONE] : [],
    canSubscribe: grants.listen,
    canPublishData: false,
    canUpdateMetadata: false,
    hidden: false,
    canSubscribeMetrics: false,
  };
}

/** LiveKit's status for a participant or room that is not there. */
function isNotFound(error: unknown): boolean {
  const status = (error as { status?: number; code?: string } | null)?.status;
  const code = (error as { code?: string } | null)?.code;
  return status === 404 || code === "not_found";
}

/** The media server as the voice service uses it, on LiveKit's server SDK. */
export class LiveKitMedia implements VoiceMedia {
  private readonly rooms_: RoomServiceClient;

  constructor(private readonly access: LiveKitAccess) {
    // A media server that does not answer must not hold up a kick or a permission change for long.
    this.rooms_ = new RoomServiceClient(access.url.replace(/^ws/, "http"), access.apiKey, access.apiSecret, {
      requestTimeout: REQUEST_TIMEOUT_SECONDS,
    });
  }

  get url(): string {
    return this.access.publicUrl;
  }

  async mintToken(input: {
    room: string;
    identity: string;
    name: string;
    metadata: string;
    grants: VoiceGrants;
    ttlSeconds: number;
  }): Promise<string> {
    const token = new AccessToken(this.access.apiKey, this.access.apiSecret, {
      identity: input.identity,
      name: input.name,
      metadata: input.metadata,
      ttl: input.ttlSeconds,
    });
    const permission = permissionOf(input.grants);
    token.addGrant({
      roomJoin: true,
      room: input.room,
      canPublish: permission.canPublish,
      canPublishSources: permission.canPublishSources,
      canSubscribe: permission.canSubscribe,
      canPublishData: false,
      canUpdateOwnMetadata: false,
    });
    return token.toJwt();
  }

  async setGrants(room: string, identity: string, grants: VoiceGrants): Promise<void> {
    try {
      // The complete set every time: LiveKit clears whatever a partial update leaves out.
      await this.rooms_.updateParticipant(room, identity, { permission: permissionOf(grants) });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async remove(room: string, identity: string): Promise<void> {
    try {
      await this.rooms_.removeParticipant(room, identity);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async rooms(): Promise<string[]> {
    return (await this.rooms_.listRooms()).map((room) => room.name);
  }

  async participants(room: string): Promise<VoiceParticipant[]> {
    try {
      return (await this.rooms_.listParticipants(room)).map((p) => ({
        identity: p.identity,
        sid: p.sid,
        metadata: p.metadata,
      }));
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }
}
