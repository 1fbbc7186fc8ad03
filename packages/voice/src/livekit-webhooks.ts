import type { ParticipantReport } from "@chat/domain";
import { WebhookReceiver } from "livekit-server-sdk";

/** What a verified LiveKit webhook means for voice states; null for the events voice does not follow. */
export type LiveKitParticipantEvent = { kind: "joined" | "left"; report: ParticipantReport } | null;

const KINDS: Record<string, "joined" | "left"> = {
  participant_joined: "joined",
  participant_left: "left",
  participant_connection_aborted: "left",
};

/** Checks a LiveKit webhook's signature (a JWT over the body's SHA-256, signed with the API secret) and reads it. */
export class LiveKitWebhooks {
  private readonly receiver: WebhookReceiver;

  constructor(apiKey: string, apiSecret: string) {
    this.receiver = new WebhookReceiver(apiKey, apiSecret);
  }

  /** Throws when the signature does not verify. */
  async receive(body: string, authorization: string | undefined): Promise<LiveKitParticipantEvent> {
    if (!authorization) throw new Error("unsigned webhook");
    const event = await this.receiver.receive(body, authorization);
    const kind = KINDS[event.event];
    if (!kind || !event.room || !event.participant) return null;
    const { identity, sid, metadata } = event.participant;
    return { kind, report: { room: event.room.name, participant: { identity, sid, metadata } } };
  }
}
