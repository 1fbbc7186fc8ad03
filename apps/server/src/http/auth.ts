import { type BotIdentityRecord, Errors, parseId } from "@chat/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context";

/** The application and bot user of a request's bot token (legacyApplicationId is still accepted in paths). */
export interface BotIdentity extends BotIdentityRecord {
  userId: bigint;
}

/** A login bearer token's authorisation: the person, the website's application, scopes and expiry. */
export type BearerIdentity = NonNullable<Awaited<ReturnType<ServerContext["domain"]["oauth2Tokens"]["identify"]>>>;

/**
 * How a route authenticates, set as route config `{ auth }`:
 * - `bot` (the default): `Authorization: Bot <token>`;
 * - `bearer`: a login access token, `Authorization: Bearer <token>` (GET /oauth2/@me);
 * - `bot-or-bearer`: either (GET /users/@me, login rule 10);
 * - `none`: no token (GET /gateway, the OAuth2 token endpoints, interaction callbacks, webhooks).
 * A bearer token opens only the routes that say so; everywhere else it is 401.
 */
export type RouteAuth = "bot" | "bearer" | "bot-or-bearer" | "none";

declare module "fastify" {
  interface FastifyRequest {
    bot?: BotIdentity;
    bearer?: BearerIdentity;
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
  const found = await ctx.domain.applications.botIdentity(header.slice(4).trim());
  if (!found) throw Errors.unauthorized();
  const identity = { userId: found.user.id, ...found };
  request.bot = identity;
  return identity;
}

/** `Authorization: Bearer <access token>` of the login flow; 401 (with RFC 6750's WWW-Authenticate) otherwise. */
async function authenticateBearer(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<BearerIdentity> {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer +(\S+)$/i.exec(header);
  const found = match ? await ctx.domain.oauth2Tokens.identify(match[1] as string) : null;
  if (!found) {
    reply.header("WWW-Authenticate", match ? 'Bearer realm="chat", error="invalid_token"' : 'Bearer realm="chat"');
    throw Errors.unauthorized();
  }
  request.bearer = found;
  return found;
}

/**
 * Authenticates every route of `app` before its body is read, so a bad token is 401 whatever
 * the body. Unknown routes never get here: they answer 404 without asking for a token.
 */
export function installBotAuthentication(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook("onRequest", async (request, reply) => {
    const mode = request.routeOptions.config.auth ?? "bot";
    if (mode === "none") return;
    if (mode === "bearer") return void (await authenticateBearer(ctx, request, reply));
    if (mode === "bot-or-bearer" && /^Bearer /i.test(request.headers.authorization ?? ""))
      return void (await authenticateBearer(ctx, request, reply));
    await authenticateBot(ctx, request);
  });
}

/** The authenticated bot of a route behind the auth hook. */
export function botOf(request: FastifyRequest): BotIdentity {
  if (!request.bot) throw Errors.unauthorized();
  return request.bot;
}

/**
 * The `{application}` path parameter of the application-command routes, which must name the
 * authenticated bot's own application (its id, which is its bot user's id, or the old id of an
 * application made before that); anything else (another application, a malformed id)
 * answers 10002 Unknown Application. The one place that decides which ids count as "own".
 */
export function ownApplicationId(request: FastifyRequest, param: string | undefined): bigint {
  const bot = botOf(request);
  const id = parseId(param);
  if (id === null || (id !== bot.applicationId && id !== bot.legacyApplicationId)) throw Errors.unknownApplication();
  return bot.applicationId;
}

/** The login authorisation of a `bearer` or `bot-or-bearer` route, when a bearer token was used. */
export function bearerOf(request: FastifyRequest): BearerIdentity {
  if (!request.bearer) throw Errors.unauthorized();
  return request.bearer;
}
