import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";
import { botOf } from "../auth";
import { pathId } from "../params";

export function registerChannelRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Params: { channel: string } }>("/channels/:channel", async (request) =>
    ctx.domain.channels.get(pathId(request.params.channel, Errors.unknownChannel), botOf(request).userId),
  );
}
