import { Errors, parseForm, zGuildGetQuery } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

type GuildParams = { Params: { guild: string } };

export function registerGuildRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<GuildParams>("/guilds/:guild", async (request) => {
    const query = parseForm(zGuildGetQuery, request.query ?? {});
    return ctx.domain.guilds.getForMember(pathId(request.params.guild, Errors.unknownGuild), botOf(request).userId, {
      withCounts: query.with_counts,
    });
  });

  app.get<GuildParams>("/guilds/:guild/channels", async (request) =>
    ctx.domain.channels.listForGuild(pathId(request.params.guild, Errors.unknownGuild), botOf(request).userId),
  );

  app.post<GuildParams>("/guilds/:guild/channels", async (request, reply) => {
    const channel = await ctx.domain.channels.create(
      pathId(request.params.guild, Errors.unknownGuild),
      botOf(request).userId,
      request.body,
    );
    return reply.code(201).send(channel);
  });
}
