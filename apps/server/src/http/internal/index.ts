import { SHORT_LIVED_API_PATH } from "@chat/ephemeral";
import { PRESENCE_API_PATH } from "@chat/presence";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";

/** The internal endpoints (event hub, presence API) answer loopback clients only, unless INTERNAL_SECRET was set to link other hosts. */
export function internalReachableFrom(
  ctx: Pick<ServerContext, "internalFromAnyHost">,
  address: string | undefined,
): boolean {
  if (ctx.internalFromAnyHost) return true;
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

/**
 * The server's internal HTTP API for the web app, next to the event hub: without Redis, the
 * presence calls (@chat/presence presence-api.ts) and the short-lived store's (@chat/ephemeral
 * store-api.ts, ephemeral messages) to this server's memory, checked there with the hub's shared
 * secret. With Redis the web app reaches both there, and these answer 404.
 */
export function registerInternalRoutes(app: FastifyInstance, ctx: ServerContext): void {
  for (const [path, api] of [
    [PRESENCE_API_PATH, ctx.presence.api],
    [SHORT_LIVED_API_PATH, ctx.shortLived.api],
  ] as const) {
    if (!api) continue;
    app.post<{ Params: { operation: string } }>(`${path}/:operation`, async (request, reply) => {
      if (!internalReachableFrom(ctx, request.socket.remoteAddress)) return reply.callNotFound();
      const answer = await api.answer(request.headers.authorization, request.params.operation, request.body);
      return reply.code(answer.status).send(answer.body);
    });
  }
}
