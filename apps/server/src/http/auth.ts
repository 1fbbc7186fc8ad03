import { Errors } from "@chat/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../context";

export interface BotIdentity {
  userId: bigint;
  applicationId: bigint;
  user: { id: bigint; username: string; globalName: string | null; discriminator: string; avatarHash: string | null; bot: boolean; locale: string };
}

/**
 * How a route authenticates, set as route config `{ auth }`: `bot` (the default) needs
 * `Authorization: Bot <token>`; `none` is for the few routes without a bot token
 * (GET /gateway, OAuth2 token endpoints, interaction callbacks and webhooks).
 */
export type RouteAuth = "bot" | "none";

declare module "fastify" {
  interface FastifyRequest {
    bot?: BotIdentity;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

/** `Authorization: Bot <token>`; anything missing or wrong is 401 `{ message: "401: Unauthorized", code: 0 }`. */
export async function authenticateBot(ctx: ServerContext, request: FastifyRequest): Promise<BotIdentity> {
  if (request.bot) return request.bot;
  const header = request.headers.authorization;
  if (!header?.startsWith("Bot ")) throw Errors.unauthorized();
  const found = await ctx.domain.applications.authenticateBot(header.slice(4).trim());
  if (!found) throw Errors.unauthorized();
  const identity = { userId: found.user.id, applicationId: found.application.id, user: found.user };
  request.bot = identity;
  return identity;
}

/**
 * Authenticates every route of `app` before its body is read, so a bad token is 401 whatever
 * the body. Unknown routes never get here: they answer 404 without asking for a token.
 */
export function installBotAuthentication(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config.auth === "none") return;
    await authenticateBot(ctx, request);
  });
}

/** The authenticated bot of a route behind the auth hook. */
export function botOf(request: FastifyRequest): BotIdentity {
  if (!request.bot) throw Errors.unauthorized();
  return request.bot;
}
