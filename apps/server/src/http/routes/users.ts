import { serializeSelf } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";
import { authenticateBot } from "../auth";

export function registerUserRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get("/users/@me", async (request) => {
    const bot = await authenticateBot(ctx, request);
    return serializeSelf(bot.user, ctx.urls);
  });
}
