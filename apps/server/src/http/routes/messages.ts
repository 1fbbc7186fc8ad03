import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";
import { botOf } from "../auth";
import { pathId } from "../params";

type ChannelParams = { Params: { channel: string } };
type MessageParams = { Params: { channel: string; message: string } };

const channelOf = (params: { channel: string }) => pathId(params.channel, Errors.unknownChannel);

export function registerMessageRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<ChannelParams>("/channels/:channel/messages", async (request) =>
    ctx.domain.messages.list(channelOf(request.params), botOf(request).userId, request.query ?? {}),
  );

  app.get<MessageParams>("/channels/:channel/messages/:message", async (request) =>
    ctx.domain.messages.get(channelOf(request.params), pathId(request.params.message, Errors.unknownMessage), botOf(request).userId),
  );

  // JSON only for now; multipart (payload_json + files[n]) arrives with attachments.
  app.post<ChannelParams>("/channels/:channel/messages", async (request) => {
    const bot = botOf(request);
    return ctx.domain.messages.create(channelOf(request.params), bot.userId, request.body, { applicationId: bot.applicationId });
  });
}
