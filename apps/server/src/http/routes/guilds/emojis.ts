import { Errors, parseId } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

export function registerEmojiRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Params: { guild: string } }>("/guilds/:guild/emojis", async (request) =>
    ctx.domain.emojis.list(pathId(request.params.guild, Errors.unknownGuild), botOf(request).userId),
  );

  app.get<{ Params: { guild: string; emoji: string } }>("/guilds/:guild/emojis/:emoji", async (request) => {
    // A malformed emoji id is an unknown emoji, once the guild is known to be the bot's.
    const guildId = pathId(request.params.guild, Errors.unknownGuild);
    return ctx.domain.emojis.get(guildId, parseId(request.params.emoji), botOf(request).userId);
  });
}
