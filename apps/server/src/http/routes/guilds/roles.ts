import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

type GuildParams = { Params: { guild: string } };
type RoleParams = { Params: { guild: string; role: string } };

const guildOf = (params: { guild: string }) => pathId(params.guild, Errors.unknownGuild);
const roleOf = (params: { role: string }) => pathId(params.role, Errors.unknownRole);

export function registerRoleRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const roles = ctx.domain.roles;

  app.get<GuildParams>("/guilds/:guild/roles", async (request) =>
    roles.list(guildOf(request.params), botOf(request).userId),
  );

  app.get<RoleParams>("/guilds/:guild/roles/:role", async (request) =>
    roles.get(guildOf(request.params), botOf(request).userId, roleOf(request.params)),
  );

  app.post<GuildParams>("/guilds/:guild/roles", async (request) =>
    roles.create(botOf(request).userId, guildOf(request.params), request.body),
  );

  app.patch<GuildParams>("/guilds/:guild/roles", async (request) =>
    roles.move(botOf(request).userId, guildOf(request.params), request.body),
  );

  app.patch<RoleParams>("/guilds/:guild/roles/:role", async (request) =>
    roles.update(botOf(request).userId, guildOf(request.params), roleOf(request.params), request.body),
  );

  app.delete<RoleParams>("/guilds/:guild/roles/:role", async (request, reply) => {
    await roles.remove(botOf(request).userId, guildOf(request.params), roleOf(request.params));
    return reply.code(204).send();
  });
}
