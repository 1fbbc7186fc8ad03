import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";
import { authenticateBot } from "../auth";

export function registerGatewayInfoRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The only REST endpoint without a token (authentication rule 4). Oceanic asks with a trailing slash.
  app.get("/gateway", async () => ({ url: ctx.urls.gatewayUrl }));
  app.get("/gateway/", async () => ({ url: ctx.urls.gatewayUrl }));
  app.get("/gateway/bot", async (request) => {
    await authenticateBot(ctx, request);
    return {
      url: ctx.urls.gatewayUrl,
      shards: 1,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
    };
  });
}
