import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";

export function registerEmojiRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
