import type { ParticipantReport } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context";
import { SeenWebhooks } from "./webhook-replays";

/** What the media server reported, once its signature is checked. */
export interface VoiceWebhook {
  /** The event's id, the same on the media server's retries. */
  id: string;
  /** Until when (epoch milliseconds) the signature keeps verifying. */
  signedUntilMs: number;
  /** Null for a well-signed event of no interest. */
  change: { kind: "joined" | "left"; report: ParticipantReport } | null;
}

/** Verifies and reads the media server's webhooks (LiveKit's signed JWT over the body's hash). */
export interface VoiceWebhookReceiver {
  receive(body: string, authorization: string | undefined): Promise<VoiceWebhook>;
}

export const VOICE_WEBHOOK_PATH = "/livekit/webhook";

/**
 * POST /livekit/webhook: LiveKit's participant_joined and participant_left make and end voice
 * states. A body whose signature does not verify answers 401 and changes nothing. An event
 * already handled (the same signed body replayed while its signature is valid) answers 204
 * and changes nothing: LiveKit retries only what was not answered 2xx.
 */
export async function registerVoiceWebhook(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const receiver = ctx.voiceWebhook;
  const seen = new SeenWebhooks(ctx.shortLived.store, "livekit");
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/webhook+json",
      { parseAs: "string", bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(VOICE_WEBHOOK_PATH, async (request, reply) => {
      if (!receiver) return reply.code(404).send({ message: "404: Not Found", code: 0 });
      let event: VoiceWebhook;
      try {
        event = await receiver.receive(
          typeof request.body === "string" ? request.body : "",
          request.headers.authorization,
        );
      } catch {
        return reply.code(401).send({ message: "401: Unauthorized", code: 0 });
      }
      const change = event.change;
      if (change) {
        await seen.once(event.id, event.signedUntilMs, () =>
          change.kind === "joined"
            ? ctx.domain.voiceSync.joined(change.report)
            : ctx.domain.voiceSync.left(change.report),
        );
      }
      return reply.code(204).send();
    });
  });
}
