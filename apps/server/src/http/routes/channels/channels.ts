import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

type ChannelParams = { Params: { channel: string } };
type OverwriteParams = { Params: { channel: string; overwrite: string } };

const channelOf = (params: { channel: string }) => pathId(params.channel, Errors.unknownChannel);

export function registerChannelRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<ChannelParams>("/channels/:channel", async (request) =>
    ctx.domain.channels.get(channelOf(request.params), botOf(request).userId),
  );

  app.patch<ChannelParams>("/channels/:channel", async (request) =>
    ctx.domain.channels.update(channelOf(request.params), botOf(request).userId, request.body),
  );

  app.delete<ChannelParams>("/channels/:channel", async (request) =>
    ctx.domain.channels.delete(channelOf(request.params), botOf(request).userId),
  );

  // An overwrite id that is not an id names no role or member: it answers like an unknown role.
  app.put<OverwriteParams>("/channels/:channel/permissions/:overwrite", async (request, reply) => {
    const channelId = channelOf(request.params);
    const userId = botOf(request).userId;
    await ctx.domain.channelOverwrites.put(
      channelId,
      pathId(request.params.overwrite, Errors.unknownRole),
      userId,
      request.body,
    );
    return reply.code(204).send();
  });

  app.delete<OverwriteParams>("/channels/:channel/permissions/:overwrite", async (request, reply) => {
    const channelId = channelOf(request.params);
    const userId = botOf(request).userId;
    await ctx.domain.channelOverwrites.remove(channelId, pathId(request.params.overwrite, Errors.unknownRole), userId);
    return reply.code(204).send();
  });
}
