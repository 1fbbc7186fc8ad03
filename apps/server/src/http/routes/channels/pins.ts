import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

type ChannelParams = { Params: { channel: string } };
type MessageParams = { Params: { channel: string; message: string } };

const channelOf = (params: { channel: string }) => pathId(params.channel, Errors.unknownChannel);
const messageOf = (params: { message: string }) => pathId(params.message, Errors.unknownMessage);

/** Pins (spec: Endpoints > Pins): the pins page, the older plain list, and pin/unpin at both paths. */
export function registerPinRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<ChannelParams>("/channels/:channel/messages/pins", async (request) =>
    ctx.domain.pins.page(channelOf(request.params), botOf(request).userId, request.query),
  );

  app.get<ChannelParams>("/channels/:channel/pins", async (request) =>
    ctx.domain.pins.list(channelOf(request.params), botOf(request).userId),
  );

  for (const path of ["/channels/:channel/messages/pins/:message", "/channels/:channel/pins/:message"]) {
    app.put<MessageParams>(path, async (request, reply) => {
      await ctx.domain.pins.pin(channelOf(request.params), messageOf(request.params), botOf(request).userId);
      return reply.code(204).send();
    });
    app.delete<MessageParams>(path, async (request, reply) => {
      await ctx.domain.pins.unpin(channelOf(request.params), messageOf(request.params), botOf(request).userId);
      return reply.code(204).send();
    });
  }
}
