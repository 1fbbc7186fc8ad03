import { Errors, parseId, type WebhookMessageRef } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { readMessageBody } from "../../multipart";

type CallbackParams = { Params: { interaction: string; token: string } };
type WebhookParams = { Params: { application: string; token: string } };
type WebhookMessageParams = { Params: { application: string; token: string; message: string } };

/** No bot token is needed; one that is sent (Oceanic.js sends it on every call) is ignored. */
const noToken = { config: { auth: "none" as const } };

/** A boolean query flag (`with_response`, `wait`): absent is false; anything but true/false/1/0 is 50035. */
function queryFlag(query: unknown, name: string): boolean {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined || value === "false" || value === "0") return false;
  if (value === "true" || value === "1") return true;
  throw Errors.invalidForm({
    [name]: { _errors: [{ code: "BASE_TYPE_BOOLEAN", message: "Must be either true or false." }] },
  });
}

const applicationOf = (params: { application: string }) => {
  const id = parseId(params.application);
  if (id === null) throw Errors.unknownWebhook();
  return id;
};

const messageRefOf = (params: { message: string }): WebhookMessageRef => {
  const id = parseId(params.message);
  if (id === null) throw Errors.unknownMessage();
  return id;
};

/**
 * Interaction callbacks and the interaction token's webhook routes (spec: Interaction callback
 * and webhook routes, no bot token). Bodies are JSON or multipart with `payload_json` and
 * `files[n]`, as message sends. `@original` also arrives as `%40original` (decoded before routing).
 */
export function registerInteractionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { interactionCallbacks: callbacks, interactionWebhooks: webhooks } = ctx.domain;

  app.post<CallbackParams>("/interactions/:interaction/:token/callback", noToken, async (request, reply) => {
    const id = parseId(request.params.interaction);
    if (id === null) throw Errors.unknownInteraction();
    const withResponse = queryFlag(request.query, "with_response");
    const { body, files } = await readMessageBody(request);
    const answer = await callbacks.respond(id, request.params.token, body, files);
    return withResponse ? reply.code(200).send(answer) : reply.code(204).send();
  });

  // For interaction follow-ups `wait` is always true on the reference platform: the message is
  // answered even without it (discordeno's sendFollowupMessage sends no `wait` and reads the body).
  app.post<WebhookParams>("/webhooks/:application/:token", noToken, async (request) => {
    const applicationId = applicationOf(request.params);
    queryFlag(request.query, "wait");
    const { body, files } = await readMessageBody(request);
    return webhooks.followUp(applicationId, request.params.token, body, files);
  });

  for (const path of [
    "/webhooks/:application/:token/messages/@original",
    "/webhooks/:application/:token/messages/:message",
  ]) {
    const refOf = (params: WebhookMessageParams["Params"]): WebhookMessageRef =>
      path.endsWith("@original") ? "@original" : messageRefOf(params);

    app.get<WebhookMessageParams>(path, noToken, async (request) =>
      webhooks.get(applicationOf(request.params), request.params.token, refOf(request.params)),
    );

    app.patch<WebhookMessageParams>(path, noToken, async (request) => {
      const { body, files } = await readMessageBody(request);
      return webhooks.edit(applicationOf(request.params), request.params.token, refOf(request.params), body, files);
    });

    app.delete<WebhookMessageParams>(path, noToken, async (request, reply) => {
      await webhooks.delete(applicationOf(request.params), request.params.token, refOf(request.params));
      return reply.code(204).send();
    });
  }
}
