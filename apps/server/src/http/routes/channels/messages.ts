import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { readMessageBody } from "../../multipart";
import { pathId } from "../../params";

type ChannelParams = { Params: { channel: string } };
type MessageParams = { Params: { channel: string; message: string } };

const channelOf = (params: { channel: string }) => pathId(params.channel, Errors.unknownChannel);
const messageOf = (params: { message: string }) => pathId(params.message, Errors.unknownMessage);

/** Messages (spec: Endpoints > Messages); bodies are JSON or multipart with `payload_json` and `files[n]`. */
export function registerMessageRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<ChannelParams>("/channels/:channel/messages", async (request) =>
    ctx.domain.messages.list(channelOf(request.params), botOf(request).userId, request.query ?? {}),
  );

  app.get<MessageParams>("/channels/:channel/messages/:message", async (request) =>
    ctx.domain.messages.get(channelOf(request.params), messageOf(request.params), botOf(request).userId),
  );

  app.post<ChannelParams>("/channels/:channel/messages", async (request) => {
    const bot = botOf(request);
    const channelId = channelOf(request.params);
    const { body, files } = await readMessageBody(request);
    return ctx.domain.messages.create(channelId, bot.userId, body, { files });
  });

  app.patch<MessageParams>("/channels/:channel/messages/:message", async (request) => {
    const channelId = channelOf(request.params);
    const messageId = messageOf(request.params);
    const { body, files } = await readMessageBody(request);
    return ctx.domain.messages.edit(channelId, messageId, botOf(request).userId, body, files);
  });

  app.delete<MessageParams>("/channels/:channel/messages/:message", async (request, reply) => {
    await ctx.domain.messages.delete(channelOf(request.params), messageOf(request.params), botOf(request).userId);
    return reply.code(204).send();
  });

  app.post<ChannelParams>("/channels/:channel/messages/bulk-delete", async (request, reply) => {
    await ctx.domain.messages.bulkDelete(channelOf(request.params), botOf(request).userId, request.body);
    return reply.code(204).send();
  });

  app.post<ChannelParams>("/channels/:channel/typing", async (request, reply) => {
    await ctx.domain.messages.typing(channelOf(request.params), botOf(request).userId);
    return reply.code(204).send();
  });
}
