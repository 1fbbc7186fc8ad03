import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";
import { botOf } from "../auth";
import { pathId } from "../params";

type ChannelParams = { Params: { channel: string } };
type GuildParams = { Params: { guild: string } };
type StateParams = { Params: { guild: string; user: string } };

const guildOf = (params: { guild: string }) => pathId(params.guild, Errors.unknownGuild);

/** Voice (spec: Endpoints > Voice): a join token for the media server, and the bot's voice states. */
export function registerVoiceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<ChannelParams>("/channels/:channel/voice", async (request) =>
    ctx.domain.voice.join(pathId(request.params.channel, Errors.unknownChannel), botOf(request).userId, request.body),
  );

  app.get<StateParams>("/guilds/:guild/voice-states/:user", async (request) => {
    const bot = botOf(request);
    const target = request.params.user === "@me" ? bot.userId : pathId(request.params.user, Errors.unknownVoiceState);
    return ctx.domain.voice.state(guildOf(request.params), target, bot.userId);
  });

  app.patch<GuildParams>("/guilds/:guild/voice-states/@me", async (request, reply) => {
    await ctx.domain.voice.updateSelf(guildOf(request.params), botOf(request).userId, request.body ?? {});
    return reply.code(204).send();
  });

  app.delete<GuildParams>("/guilds/:guild/voice-states/@me", async (request, reply) => {
    await ctx.domain.voice.leave(guildOf(request.params), botOf(request).userId);
    return reply.code(204).send();
  });
}
