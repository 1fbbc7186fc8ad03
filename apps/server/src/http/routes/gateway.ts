import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";

export function registerGatewayInfoRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The only REST endpoint without a token (authentication rule 4). Oceanic asks with a trailing slash.
  const gateway = async () => ({ url: ctx.urls.gatewayUrl });
  app.get("/gateway", { config: { auth: "none" } }, gateway);
  app.get("/gateway/", { config: { auth: "none" } }, gateway);
  app.get("/gateway/bot", async () => ({
    url: ctx.urls.gatewayUrl,
    shards: 1,
    session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
  }));
}
