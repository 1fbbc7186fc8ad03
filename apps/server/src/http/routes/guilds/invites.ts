import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

export function registerInviteRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Params: { channel: string } }>("/channels/:channel/invites", async (request) =>
    ctx.domain.invites.create(
      pathId(request.params.channel, Errors.unknownChannel),
      botOf(request).userId,
      request.body,
    ),
  );

  app.get<{ Params: { guild: string } }>("/guilds/:guild/invites", async (request) =>
    ctx.domain.invites.listForGuild(pathId(request.params.guild, Errors.unknownGuild), botOf(request).userId),
  );

  app.get<{ Params: { guild: string } }>("/guilds/:guild/vanity-url", async (request) =>
    ctx.domain.invites.vanity(pathId(request.params.guild, Errors.unknownGuild), botOf(request).userId),
  );
}
