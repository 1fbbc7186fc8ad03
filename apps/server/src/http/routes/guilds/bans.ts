import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

type GuildParams = { Params: { guild: string } };
type BanParams = { Params: { guild: string; user: string } };

const guildOf = (params: { guild: string }) => pathId(params.guild, Errors.unknownGuild);

export function registerBanRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const bans = ctx.domain.bans;

  app.get<GuildParams>("/guilds/:guild/bans", async (request) =>
    bans.list(botOf(request).userId, guildOf(request.params), request.query),
  );

  app.get<BanParams>("/guilds/:guild/bans/:user", async (request) =>
    bans.get(botOf(request).userId, guildOf(request.params), pathId(request.params.user, Errors.unknownBan)),
  );

  app.put<BanParams>("/guilds/:guild/bans/:user", async (request, reply) => {
    await bans.ban(
      botOf(request).userId,
      guildOf(request.params),
      pathId(request.params.user, Errors.unknownUser),
      request.body,
    );
    return reply.code(204).send();
  });

  app.delete<BanParams>("/guilds/:guild/bans/:user", async (request, reply) => {
    await bans.unban(botOf(request).userId, guildOf(request.params), pathId(request.params.user, Errors.unknownBan));
    return reply.code(204).send();
  });
}
