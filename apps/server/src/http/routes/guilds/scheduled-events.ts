import { Errors, EVENT_BODY_LIMIT } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

type GuildParams = { Params: { guild: string } };
type EventParams = { Params: { guild: string; event: string } };

const guildOf = (params: { guild: string }) => pathId(params.guild, Errors.unknownGuild);
const eventOf = (params: { event: string }) => pathId(params.event, Errors.unknownScheduledEvent);

export function registerScheduledEventRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const events = ctx.domain.scheduledEvents;

  app.get<GuildParams>("/guilds/:guild/scheduled-events", async (request) =>
    events.list(guildOf(request.params), botOf(request).userId, request.query),
  );

  // The body may carry an 8 MB cover as image data, beyond the usual 1 MB JSON limit.
  app.post<GuildParams>("/guilds/:guild/scheduled-events", { bodyLimit: EVENT_BODY_LIMIT }, async (request) =>
    events.create(guildOf(request.params), botOf(request).userId, request.body),
  );

  app.get<EventParams>("/guilds/:guild/scheduled-events/:event", async (request) =>
    events.get(guildOf(request.params), eventOf(request.params), botOf(request).userId, request.query),
  );

  app.patch<EventParams>("/guilds/:guild/scheduled-events/:event", { bodyLimit: EVENT_BODY_LIMIT }, async (request) =>
    events.edit(guildOf(request.params), eventOf(request.params), botOf(request).userId, request.body),
  );

  app.delete<EventParams>("/guilds/:guild/scheduled-events/:event", async (request, reply) => {
    await events.delete(guildOf(request.params), eventOf(request.params), botOf(request).userId);
    return reply.code(204).send();
  });

  app.get<EventParams>("/guilds/:guild/scheduled-events/:event/users", async (request) =>
    events.users(guildOf(request.params), eventOf(request.params), botOf(request).userId, request.query),
  );
}
