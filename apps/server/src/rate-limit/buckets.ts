/**
 * Which limit applies to which route (spec: Limits). A route limit is counted per bot and per
 * the route's channel or guild; the global limit per bot over every request.
 */
export interface BucketRule {
  /** Stable name: the store's key prefix and, hashed, the X-RateLimit-Bucket header. */
  name: string;
  points: number;
  durationSeconds: number;
  /**
   * What the limit is counted per: the bot and the path parameter `channel` or `guild`; the
   * bot alone (`bot`); or, for routes without a bot token, the client's address (`address`).
   */
  per: "channel" | "guild" | "bot" | "address";
}

/** All requests of one bot: 50 per second. */
export const GLOBAL_LIMIT: BucketRule = { name: "global", points: 50, durationSeconds: 1, per: "bot" };

/** The login token endpoints (spec: Limits), counted per client address. */
export const LOGIN_TOKEN_LIMIT: BucketRule = { name: "oauth2.token", points: 30, durationSeconds: 60, per: "address" };

/** `METHOD /path/:param` as registered under /api/v10 (Fastify's route syntax). */
export type RouteKey = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /${string}`;

/**
 * Route limits. To limit another route add its row; rows sharing a `name` share one bucket
 * (e.g. the two paths of pin and unpin). Path parameters must be named `channel` or `guild`
 * for `per` to find them.
 */
export const ROUTE_BUCKETS: Partial<Record<RouteKey, BucketRule>> = {
  "POST /channels/:channel/messages": { name: "message.create", points: 5, durationSeconds: 5, per: "channel" },
  "GET /channels/:channel/messages": { name: "message.list", points: 10, durationSeconds: 1, per: "channel" },
  // Login token endpoints: 30 requests per minute from one address, both routes together.
  "POST /oauth2/token": LOGIN_TOKEN_LIMIT,
  "POST /oauth2/token/revoke": LOGIN_TOKEN_LIMIT,
};

export function bucketFor(method: string, route: string): BucketRule | undefined {
  return ROUTE_BUCKETS[`${method.toUpperCase()} ${route}` as RouteKey];
}

/**
 * The counter a request consumes from: `subject` (the bot's id, or the client's address for
 * `address` rules), plus the channel or guild the rule is counted per.
 */
export function counterKey(rule: BucketRule, subject: string, params: unknown): string {
  if (rule.per === "bot" || rule.per === "address") return subject;
  const value = (params as Record<string, string | undefined> | undefined)?.[rule.per];
  return `${subject}:${value ?? "-"}`;
}
