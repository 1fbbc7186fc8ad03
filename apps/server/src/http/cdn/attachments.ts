import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";

export function registerAttachmentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
