import { isDatabaseBusy, isDatabaseUnreachable } from "@chat/db";
import {
  ApiError,
  findUnstorableText,
  OAuthError,
  type PresentedCredentials,
  serializeCurrentAuthorization,
} from "@chat/domain";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../../context";
import { bearerOf } from "../../auth";

const FORM_BODY_LIMIT = 64 * 1024;

/** A form body; a key sent twice becomes an array (refused later as a repeated parameter). */
function parseFormBody(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/** `Authorization: Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 2.3.1), or null when absent. */
function basicCredentials(request: FastifyRequest): PresentedCredentials["basic"] {
  const match = /^Basic +(\S+)$/i.exec(request.headers.authorization ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, " "));
  try {
    if (colon < 0) throw new Error("no colon");
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError("invalid_client", "The HTTP Basic credentials are malformed.");
  }
}

function presented(request: FastifyRequest): PresentedCredentials {
  const body = request.body ?? {};
  if (typeof body !== "object" || Array.isArray(body))
    throw new OAuthError("invalid_request", "The body must be a form or a JSON object.");
  const basic = basicCredentials(request);
  // PostgreSQL cannot compare text holding NUL: such a parameter is malformed, never looked up.
  const bad = findUnstorableText(body) ?? (basic && findUnstorableText([basic.clientId, basic.clientSecret]));
  if (bad)
    throw new OAuthError(
      "invalid_request",
      `The parameter ${bad.length > 0 ? String(bad[0]) : "names"} contains characters that are not allowed.`,
    );
  return { basic, body: body as Record<string, unknown> };
}

/** Any failure at the token endpoints as the login error body `{ error, error_description }`. */
function toOAuthError(error: FastifyError | Error): OAuthError | null {
  if (error instanceof OAuthError) return error;
  // Before Fastify's codes: an ApiError's code is the spec's number (the path and query check throws 50035).
  if (error instanceof ApiError) return error.status < 500 ? new OAuthError("invalid_request", error.message) : null;
  const fastify = error as FastifyError;
  if (fastify.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
    return new OAuthError("invalid_request", "Send the parameters as application/x-www-form-urlencoded or as JSON.");
  if (fastify.code === "FST_ERR_CTP_BODY_TOO_LARGE" || fastify.statusCode === 413)
    return new OAuthError("invalid_request", "The request body is too large.");
  if ((typeof fastify.code === "string" && fastify.code.startsWith("FST_ERR_CTP_")) || error.name === "SyntaxError")
    return new OAuthError("invalid_request", "The request body is malformed.");
  return null;
}

/**
 * The login flow's HTTP endpoints (spec: Login endpoints). The token endpoints take a form
 * (any charset parameter) or JSON, client credentials in the body or as HTTP Basic, answer
 * with `Cache-Control: no-store` and fail in the OAuth2 shape. Their 30-per-minute limit per
 * address is a row of the rate-limit table. GET /users/@me with a bearer token is in users.ts.
 */
export async function registerOAuth2Routes(api: FastifyInstance, ctx: ServerContext): Promise<void> {
  await api.register(async (token) => {
    // Only here: the bot API itself keeps refusing form bodies.
    token.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, parseFormBody(String(body)));
      },
    );
    token.addHook("onSend", async (_request, reply, payload) => {
      reply.header("Cache-Control", "no-store");
      reply.header("Pragma", "no-cache");
      return payload;
    });
    token.setErrorHandler((error: FastifyError | Error, request, reply) => {
      const oauthError = toOAuthError(error);
      // RFC 6749's word for a server that cannot serve the request for now.
      if (!oauthError && isDatabaseUnreachable(error)) {
        return void reply.code(503).send({
          error: "temporarily_unavailable",
          error_description: "The database is unavailable; try again shortly.",
        });
      }
      if (!oauthError && isDatabaseBusy(error)) {
        return void reply
          .code(503)
          .send({ error: "temporarily_unavailable", error_description: "The database is busy; try again shortly." });
      }
      if (!oauthError) {
        request.log.error(error);
        return void reply.code(500).send({ error: "server_error", error_description: "The server failed to answer." });
      }
      // RFC 6749 5.2: a client that tried HTTP Basic is told the scheme it failed with.
      if (oauthError.status === 401 && /^Basic /i.test(request.headers.authorization ?? ""))
        reply.header("WWW-Authenticate", 'Basic realm="chat", charset="UTF-8"');
      return void reply.code(oauthError.status).send(oauthError.toBody());
    });

    token.post("/oauth2/token", { config: { auth: "none" } }, async (request) =>
      ctx.domain.oauth2Tokens.grant(presented(request)),
    );

    // RFC 7009: 200 whether or not the token was known.
    token.post("/oauth2/token/revoke", { config: { auth: "none" } }, async (request) => {
      await ctx.domain.oauth2Tokens.revoke(presented(request));
      return {};
    });
  });

  api.get("/oauth2/@me", { config: { auth: "bearer" } }, async (request) =>
    serializeCurrentAuthorization(bearerOf(request), ctx.urls),
  );
}
