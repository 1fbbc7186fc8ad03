import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type BucketRule, bucketFor, counterKey, GLOBAL_LIMIT } from "@chat/rate-limit";
import type { ServerContext } from "../context";
import { sendRateLimited, writeBucketHeaders } from "./headers";

export { type BucketRule, bucketFor, GLOBAL_LIMIT, LOGIN_TOKEN_LIMIT, ROUTE_BUCKETS } from "@chat/rate-limit";

export interface RateLimits {
  /**
   * onRequest hook, before authentication: the bot's 50 requests per second, counted per
   * token (a bot has one valid token) so a flooding bot is turned away before the database
   * is asked. Requests without a bot token are not counted here.
   */
  checkGlobal(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  /**
   * onRequest hook, after authentication: the route's bucket from the table, per bot and
   * channel or guild, per client address for the login token endpoints, or per interaction
   * token for that token's webhook routes (no bot token there).
   */
  checkRoute(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** Never a token itself as a key (it would sit in Redis): a digest of it. */
const digestOf = (token: string) => createHash("sha256").update(token).digest("hex").slice(0, 32);

/** Who a route's counter is kept for; undefined when the request has no such subject (not counted). */
function subjectOf(rule: BucketRule, request: FastifyRequest): string | undefined {
  // request.ip honours X-Forwarded-For (trustProxy): the address in front of the load balancer.
  if (rule.per === "address") return request.ip;
  if (rule.per === "token") {
    const token = (request.params as { token?: string } | undefined)?.token;
    return token ? digestOf(token) : undefined;
  }
  return request.bot?.userId.toString();
}

/** `prefix` is stripped from route URLs before the bucket table is consulted. */
export function createRateLimits(ctx: ServerContext, prefix: string): RateLimits {
  const store = ctx.rateLimits;
  if (!store) return { checkGlobal: async () => undefined, checkRoute: async () => undefined };
  return {
    async checkGlobal(request, reply) {
      const header = request.headers.authorization;
      if (!header?.startsWith("Bot ")) return;
      const outcome = await store.consume(GLOBAL_LIMIT, digestOf(header.slice(4).trim()));
      if (outcome.allowed) return;
      writeBucketHeaders(reply, null, outcome);
      ctx.metrics.rateLimited("global");
      return sendRateLimited(reply, "global", outcome);
    },
    async checkRoute(request, reply) {
      const rule = bucketFor(request.method, (request.routeOptions.url ?? "").slice(prefix.length));
      if (!rule) return;
      const subject = subjectOf(rule, request);
      if (!subject) return;
      const outcome = await store.consume(rule, counterKey(rule, subject, request.params));
      writeBucketHeaders(reply, rule, outcome);
      if (outcome.allowed) return;
      ctx.metrics.rateLimited(rule.name);
      return sendRateLimited(reply, "user", outcome);
    },
  };
}
