import { createHash } from "node:crypto";
import type { ParticipantReport } from "@chat/domain";
import { WebhookReceiver } from "livekit-server-sdk";

/** The SDK's default leeway on a token's expiry (TokenVerifier.verify's clockTolerance). */
const CLOCK_TOLERANCE_MS = 10_000;

/** A verified LiveKit webhook: which event it is, how long its signature verifies, and what it means for voice states. */
export interface LiveKitWebhook {
  /** LiveKit's event id (the same on its retries); the body's SHA-256 for an event without one. */
  id: string;
  /** Until when (epoch milliseconds) this signed body keeps verifying: a replay can come until then. */
  signedUntilMs: number;
  /** Null for the events voice does not follow. */
  change: { kind: "joined" | "left"; report: ParticipantReport } | null;
}

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
  async receive(body: string, authorization: string | undefined): Promise<LiveKitWebhook> {
    if (!authorization) throw new Error("unsigned webhook");
    const event = await this.receiver.receive(body, authorization);
    const id = event.id || createHash("sha256").update(body).digest("hex");
    const signedUntilMs = expiryOf(authorization) + CLOCK_TOLERANCE_MS;
    const kind = KINDS[event.event];
    if (!kind || !event.room || !event.participant) return { id, signedUntilMs, change: null };
    const { identity, sid, metadata } = event.participant;
    return {
      id,
      signedUntilMs,
      change: { kind, report: { room: event.room.name, participant: { identity, sid, metadata } } },
    };
  }
}

/** The `exp` of a JWT already verified (epoch milliseconds); infinite for a token without one. */
function expiryOf(jwt: string): number {
  const payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp?: unknown };
  return typeof payload.exp === "number" ? payload.exp * 1000 : Number.POSITIVE_INFINITY;
}
