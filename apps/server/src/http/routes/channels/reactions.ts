import { Errors } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf } from "../../auth";
import { pathId } from "../../params";

type MessageParams = { Params: { channel: string; message: string } };
type EmojiParams = { Params: { channel: string; message: string; emoji: string } };
type UserParams = { Params: { channel: string; message: string; emoji: string; user: string } };

const BASE = "/channels/:channel/messages/:message/reactions";

const ids = (params: { channel: string; message: string }) =>
  [pathId(params.channel, Errors.unknownChannel), pathId(params.message, Errors.unknownMessage)] as const;

/** Reactions (spec: Endpoints > Reactions). `{emoji}` arrives URL-decoded: "👍" or "name:id". */
export function registerReactionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.put<EmojiParams>(`${BASE}/:emoji/@me`, async (request, reply) => {
    await ctx.domain.reactions.add(...ids(request.params), request.params.emoji, botOf(request).userId);
    return reply.code(204).send();
  });

  app.delete<EmojiParams>(`${BASE}/:emoji/@me`, async (request, reply) => {
    const userId = botOf(request).userId;
    await ctx.domain.reactions.removeUser(...ids(request.params), request.params.emoji, userId, userId);
    return reply.code(204).send();
  });

  app.delete<UserParams>(`${BASE}/:emoji/:user`, async (request, reply) => {
    const [channel, message] = ids(request.params);
    const user = pathId(request.params.user, Errors.unknownUser);
    await ctx.domain.reactions.removeUser(channel, message, request.params.emoji, user, botOf(request).userId);
    return reply.code(204).send();
  });

  app.delete<EmojiParams>(`${BASE}/:emoji`, async (request, reply) => {
    await ctx.domain.reactions.removeEmoji(...ids(request.params), request.params.emoji, botOf(request).userId);
    return reply.code(204).send();
  });

  app.delete<MessageParams>(BASE, async (request, reply) => {
    await ctx.domain.reactions.removeAll(...ids(request.params), botOf(request).userId);
    return reply.code(204).send();
  });

  app.get<EmojiParams>(`${BASE}/:emoji`, async (request) =>
    ctx.domain.reactions.users(...ids(request.params), request.params.emoji, botOf(request).userId, request.query),
  );
}
