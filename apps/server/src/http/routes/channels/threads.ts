import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

type ChannelParams = { Params: { channel: string } };
type MessageParams = { Params: { channel: string; message: string } };
type GuildParams = { Params: { guild: string } };

const channelOf = (params: { channel: string }) => pathId(params.channel, Errors.unknownChannel);

export function registerThreadRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<MessageParams>("/channels/:channel/messages/:message/threads", async (request, reply) => {
    const channelId = channelOf(request.params);
    const thread = await ctx.domain.threads.createFromMessage(
      channelId,
      pathId(request.params.message, Errors.unknownMessage),
      botOf(request).userId,
      request.body,
    );
    return reply.code(201).send(thread);
  });

  app.post<ChannelParams>("/channels/:channel/threads", async (request, reply) => {
    const thread = await ctx.domain.threads.create(channelOf(request.params), botOf(request).userId, request.body);
    return reply.code(201).send(thread);
  });

  app.put<ChannelParams>("/channels/:channel/thread-members/@me", async (request, reply) => {
    await ctx.domain.threads.join(channelOf(request.params), botOf(request).userId);
    return reply.code(204).send();
  });

  app.delete<ChannelParams>("/channels/:channel/thread-members/@me", async (request, reply) => {
    await ctx.domain.threads.leave(channelOf(request.params), botOf(request).userId);
    return reply.code(204).send();
  });

  app.get<ChannelParams>("/channels/:channel/thread-members", async (request) =>
    ctx.domain.threads.members(channelOf(request.params), botOf(request).userId),
  );

  app.get<ChannelParams>("/channels/:channel/threads/archived/public", async (request) =>
    ctx.domain.threads.archivedPublic(channelOf(request.params), botOf(request).userId),
  );

  app.get<GuildParams>("/guilds/:guild/threads/active", async (request) =>
    ctx.domain.threads.activeInGuild(pathId(request.params.guild, Errors.unknownGuild), botOf(request).userId),
  );
}
