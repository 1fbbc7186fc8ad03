import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";

export function registerApplicationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const current = async (request: Parameters<typeof botOf>[0]) =>
    ctx.domain.applications.getOwnWire(botOf(request).applicationId);
  app.get("/applications/@me", current);
  app.get("/oauth2/applications/@me", current);
}
