import { Errors, parseForm, serializeLoginUser, serializeSelf, zGuildListQuery } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";
import { botOf } from "../auth";
import { pathId } from "../params";

export function registerUserRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The bot itself, or the person a login bearer token identifies (scope identify, login rule 10).
  app.get("/users/@me", { config: { auth: "bot-or-bearer" } }, async (request) =>
    request.bearer ? serializeLoginUser(request.bearer.user, ctx.urls) : serializeSelf(botOf(request).user, ctx.urls),
  );

  app.get("/users/@me/guilds", async (request) => {
    const query = parseForm(zGuildListQuery, request.query ?? {});
    return ctx.domain.guilds.listForUser(botOf(request).userId, query);
  });

  app.patch("/users/@me", async (request) => ctx.domain.users.updateBot(botOf(request).userId, request.body));

  app.delete<{ Params: { guild: string } }>("/users/@me/guilds/:guild", async (request, reply) => {
    await ctx.domain.guilds.leave(botOf(request).userId, pathId(request.params.guild, Errors.unknownGuild));
    return reply.code(204).send();
  });

  app.get<{ Params: { user: string } }>("/users/:user", async (request) =>
    ctx.domain.users.getForViewer(botOf(request).userId, pathId(request.params.user, Errors.unknownUser)),
  );
}
