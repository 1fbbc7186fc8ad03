import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

type GuildParams = { Params: { guild: string } };
type MemberParams = { Params: { guild: string; user: string } };
type MemberRoleParams = { Params: { guild: string; user: string; role: string } };

const guildOf = (params: { guild: string }) => pathId(params.guild, Errors.unknownGuild);
const userOf = (params: { user: string }) => pathId(params.user, Errors.unknownMember);
const roleOf = (params: { role: string }) => pathId(params.role, Errors.unknownRole);

export function registerMemberRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const members = ctx.domain.members;

  app.get<GuildParams>("/guilds/:guild/members", async (request) =>
    members.list(guildOf(request.params), botOf(request).userId, request.query),
  );

  app.get<GuildParams>("/guilds/:guild/members/search", async (request) =>
    members.search(guildOf(request.params), botOf(request).userId, request.query),
  );

  // `@me` selects the bot itself.
  app.get<MemberParams>("/guilds/:guild/members/:user", async (request) => {
    const bot = botOf(request);
    const userId = request.params.user === "@me" ? bot.userId : userOf(request.params);
    return members.getForViewer(guildOf(request.params), bot.userId, userId);
  });

  app.patch<MemberParams>("/guilds/:guild/members/:user", async (request) => {
    // The reference's own-member edit (nickname) is not part of this API (rule 8).
    if (request.params.user === "@me") throw Errors.notFound();
    return ctx.domain.memberRoles.edit(
      botOf(request).userId,
      guildOf(request.params),
      userOf(request.params),
      request.body,
    );
  });

  app.put<MemberRoleParams>("/guilds/:guild/members/:user/roles/:role", async (request, reply) => {
    await ctx.domain.memberRoles.addRole(
      botOf(request).userId,
      guildOf(request.params),
      userOf(request.params),
      roleOf(request.params),
    );
    return reply.code(204).send();
  });

  app.delete<MemberRoleParams>("/guilds/:guild/members/:user/roles/:role", async (request, reply) => {
    await ctx.domain.memberRoles.removeRole(
      botOf(request).userId,
      guildOf(request.params),
      userOf(request.params),
      roleOf(request.params),
    );
    return reply.code(204).send();
  });

  app.delete<MemberParams>("/guilds/:guild/members/:user", async (request, reply) => {
    await members.kick(botOf(request).userId, guildOf(request.params), userOf(request.params));
    return reply.code(204).send();
  });
}
