/**
 * Which limit applies to which route (spec: Limits). A route limit is counted per bot and per
 * the route's channel or guild; the global limit per bot over every request. People sending
 * from the web app are held to the same rows (a person's id in place of the bot's).
 */
export interface BucketRule {
  /** Stable name: the store's key prefix and, hashed, the X-RateLimit-Bucket header. */
  name: string;
  points: number;
  durationSeconds: number;
  /**
   * What the limit is counted per: the bot (or person) and the path parameter `channel` or
   * `guild`; the bot alone (`bot`); for requests without a bot token, the client's address
   * (`address`); the account a sign-in names (`account`); or the path's `token` (an
   * interaction token used as a webhook), whoever sends it (`token`).
   */
  per: "channel" | "guild" | "bot" | "address" | "account" | "token";
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
const perChannel = (name: string, points: number, durationSeconds: number): BucketRule => ({
  name,
  points,
  durationSeconds,
  per: "channel",
});
const perGuild = (name: string, points: number, durationSeconds: number): BucketRule => ({
  name,
  points,
  durationSeconds,
  per: "guild",
});

/** Reacting (and taking reactions back): 4 per second per channel, for bots and people alike. */
export const REACTIONS_LIMIT = perChannel("reaction", 4, 1);
/** Pinning and unpinning (each pin also posts a system message): 5 per 5 s per channel. */
export const PINS_LIMIT = perChannel("pin", 5, 5);
/** Starting a thread (both routes, and the web app): 5 per 5 s per channel. */
export const THREAD_CREATE_LIMIT = perChannel("thread.create", 5, 5);
/** Making an invite (REST, and the web app when no link of the person's can be reused): 5 per 5 s per channel. */
export const INVITE_CREATE_LIMIT = perChannel("invite.create", 5, 5);
const CHANNEL_EDIT = perChannel("channel.edit", 5, 10);
const OVERWRITES = perChannel("channel.overwrite", 10, 10);
/** Banning and unbanning, one bucket (REST, and the web app's Members and Bans settings): 5 per 5 s per guild. */
export const BANS_LIMIT = perGuild("guild.ban", 5, 5);
/** Kicking a member (REST, and the web app): 5 per 5 s per guild. */
export const KICK_LIMIT = perGuild("member.kick", 5, 5);
/** Giving a member a role (REST, and the web app): 10 per 10 s per guild; taking one is counted apart. */
export const MEMBER_ROLE_ADD_LIMIT = perGuild("member.role.add", 10, 10);
export const MEMBER_ROLE_REMOVE_LIMIT = perGuild("member.role.remove", 10, 10);

/**
 * The interaction token's webhook routes (follow-ups, and reading, editing and deleting the
 * reply and follow-ups): the reference platform's webhook limit, 5 per 2 s, per token and per
 * kind of request. They need no bot token, so the bot's own limits never see them.
 */
const perToken = (name: string): BucketRule => ({ name, points: 5, durationSeconds: 2, per: "token" });
const WEBHOOK_EXECUTE_LIMIT = perToken("webhook.execute");
const WEBHOOK_MESSAGE_GET = perToken("webhook.message.get");
const WEBHOOK_MESSAGE_EDIT = perToken("webhook.message.edit");
const WEBHOOK_MESSAGE_DELETE = perToken("webhook.message.delete");

/** Send a message: 5 per 5 s per channel, for bots (REST) and people (the web app) alike. */
export const MESSAGE_CREATE_LIMIT = perChannel("message.create", 5, 5);
export const TYPING_LIMIT = perChannel("typing", 5, 5);

export const ROUTE_BUCKETS: Partial<Record<RouteKey, BucketRule>> = {
  "POST /channels/:channel/messages": MESSAGE_CREATE_LIMIT,
  "PATCH /channels/:channel/messages/:message": perChannel("message.edit", 5, 5),
  "DELETE /channels/:channel/messages/:message": perChannel("message.delete", 5, 1),
  "POST /channels/:channel/messages/bulk-delete": perChannel("message.bulk-delete", 1, 1),
  "GET /channels/:channel/messages": perChannel("message.list", 10, 1),
  "POST /channels/:channel/typing": TYPING_LIMIT,
  // Adding and removing reactions share one bucket (spec: "Add or remove reactions").
  "PUT /channels/:channel/messages/:message/reactions/:emoji/@me": REACTIONS_LIMIT,
  "DELETE /channels/:channel/messages/:message/reactions/:emoji/@me": REACTIONS_LIMIT,
  "DELETE /channels/:channel/messages/:message/reactions/:emoji/:user": REACTIONS_LIMIT,
  "DELETE /channels/:channel/messages/:message/reactions/:emoji": REACTIONS_LIMIT,
  "DELETE /channels/:channel/messages/:message/reactions": REACTIONS_LIMIT,
  "PUT /channels/:channel/messages/pins/:message": PINS_LIMIT,
  "DELETE /channels/:channel/messages/pins/:message": PINS_LIMIT,
  "PUT /channels/:channel/pins/:message": PINS_LIMIT,
  "DELETE /channels/:channel/pins/:message": PINS_LIMIT,
  "POST /channels/:channel/messages/:message/threads": THREAD_CREATE_LIMIT,
  "POST /channels/:channel/threads": THREAD_CREATE_LIMIT,
  "POST /channels/:channel/invites": INVITE_CREATE_LIMIT,
  "PATCH /channels/:channel": CHANNEL_EDIT,
  "DELETE /channels/:channel": CHANNEL_EDIT,
  "PUT /channels/:channel/permissions/:overwrite": OVERWRITES,
  "DELETE /channels/:channel/permissions/:overwrite": OVERWRITES,
  "POST /guilds/:guild/channels": perGuild("channel.create", 5, 5),
  // Roles: create, edit and move each counted separately.
  "POST /guilds/:guild/roles": perGuild("role.create", 5, 5),
  "PATCH /guilds/:guild/roles/:role": perGuild("role.edit", 5, 5),
  "PATCH /guilds/:guild/roles": perGuild("role.move", 5, 5),
  // Members: edit, role add and role remove each counted separately.
  "PATCH /guilds/:guild/members/:user": perGuild("member.edit", 10, 10),
  "PUT /guilds/:guild/members/:user/roles/:role": MEMBER_ROLE_ADD_LIMIT,
  "DELETE /guilds/:guild/members/:user/roles/:role": MEMBER_ROLE_REMOVE_LIMIT,
  "DELETE /guilds/:guild/members/:user": KICK_LIMIT,
  "PUT /guilds/:guild/bans/:user": BANS_LIMIT,
  "DELETE /guilds/:guild/bans/:user": BANS_LIMIT,
  "POST /webhooks/:application/:token": WEBHOOK_EXECUTE_LIMIT,
  "GET /webhooks/:application/:token/messages/@original": WEBHOOK_MESSAGE_GET,
  "GET /webhooks/:application/:token/messages/:message": WEBHOOK_MESSAGE_GET,
  "PATCH /webhooks/:application/:token/messages/@original": WEBHOOK_MESSAGE_EDIT,
  "PATCH /webhooks/:application/:token/messages/:message": WEBHOOK_MESSAGE_EDIT,
  "DELETE /webhooks/:application/:token/messages/@original": WEBHOOK_MESSAGE_DELETE,
  "DELETE /webhooks/:application/:token/messages/:message": WEBHOOK_MESSAGE_DELETE,
  "PATCH /users/@me": { name: "user.edit", points: 2, durationSeconds: 3600, per: "bot" },
  // Login token endpoints: 30 requests per minute from one address, both routes together.
  "POST /oauth2/token": LOGIN_TOKEN_LIMIT,
  "POST /oauth2/token/revoke": LOGIN_TOKEN_LIMIT,
};

export function bucketFor(method: string, route: string): BucketRule | undefined {
  return ROUTE_BUCKETS[`${method.toUpperCase()} ${route}` as RouteKey];
}

/**
 * The counter a request consumes from: `subject` (the bot's id, the client's address for
 * `address` rules, a digest of the token for `token` rules), plus the channel or guild the rule is counted per.
 */
export function counterKey(rule: BucketRule, subject: string, params: unknown): string {
  if (rule.per === "bot" || rule.per === "address" || rule.per === "account" || rule.per === "token") return subject;
  const value = (params as Record<string, string | undefined> | undefined)?.[rule.per];
  return `${subject}:${value ?? "-"}`;
}
