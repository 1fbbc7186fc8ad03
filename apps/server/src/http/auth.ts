import { Errors } from "@chat/domain";
import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context";

export interface BotIdentity {
  userId: bigint;
  applicationId: bigint;
  user: { id: bigint; username: string; globalName: string | null; discriminator: string; avatarHash: string | null; bot: boolean; locale: string };
}

declare module "fastify" {
  interface FastifyRequest {
    bot?: BotIdentity;
  }
}

/** `Authorization: Bot <token>`; anything missing or wrong is 401 `{ message: "401: Unauthorized", code: 0 }`. */
export async function authenticateBot(ctx: ServerContext, request: FastifyRequest): Promise<BotIdentity> {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bot ")) throw Errors.unauthorized();
  const found = await ctx.domain.applications.authenticateBot(header.slice(4).trim());
  if (!found) throw Errors.unauthorized();
  const identity = { userId: found.user.id, applicationId: found.application.id, user: found.user };
  request.bot = identity;
  return identity;
}

/** The authenticated bot of a route behind the auth hook. */
export function botOf(request: FastifyRequest): BotIdentity {
  if (!request.bot) throw Errors.unauthorized();
  return request.bot;
}
