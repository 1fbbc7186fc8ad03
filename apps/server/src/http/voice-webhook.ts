import type { ParticipantReport } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context";

/** What the media server reported, once its signature is checked; null for a well-signed event of no interest. */
export type VoiceWebhookEvent = { kind: "joined" | "left"; report: ParticipantReport } | null;

/** Verifies and reads the media server's webhooks (LiveKit's signed JWT over the body's hash). */
export interface VoiceWebhookReceiver {
  receive(body: string, authorization: string | undefined): Promise<VoiceWebhookEvent>;
}

export const VOICE_WEBHOOK_PATH = "/livekit/webhook";

/**
 * POST /livekit/webhook: LiveKit's participant_joined and participant_left make and end voice
 * states. A body whose signature does not verify answers 401 and changes nothing.
 */
export async function registerVoiceWebhook(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const receiver = ctx.voiceWebhook;
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/webhook+json", { parseAs: "string", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(VOICE_WEBHOOK_PATH, async (request, reply) => {
      if (!receiver) return reply.code(404).send({ message: "404: Not Found", code: 0 });
      let event: VoiceWebhookEvent;
      try {
        event = await receiver.receive(typeof request.body === "string" ? request.body : "", request.headers.authorization);
      } catch {
        return reply.code(401).send({ message: "401: Unauthorized", code: 0 });
      }
      if (event?.kind === "joined") await ctx.domain.voiceSync.joined(event.report);
      if (event?.kind === "left") await ctx.domain.voiceSync.left(event.report);
      return reply.code(204).send();
    });
  });
}
