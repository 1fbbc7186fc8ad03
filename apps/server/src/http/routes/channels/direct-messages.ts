import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";

export function registerDirectMessageRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Opens or finds the DM with a person sharing a guild with the bot (spec: Bot DM open request).
  app.post("/users/@me/channels", async (request) =>
    ctx.domain.directMessages.open(botOf(request).userId, request.body),
  );
}
