/** Query parameters whose values say nothing secret; every other value is logged as "[redacted]" (codes, states, signatures). */
const PLAIN_QUERY = new Set([
  "limit",
  "before",
  "after",
  "around",
  "wait",
  "thread_id",
  "with_counts",
  "with_expiration",
  "with_localizations",
  "with_user_count",
  "with_member",
  "with_components",
  "v",
  "encoding",
  "compress",
  "size",
  "format",
  "query",
  "guild_id",
  "channel_id",
  "user_id",
  "type",
  "archived",
  "reason",
  "delete_message_seconds",
  "scope",
  "response_type",
  "prompt",
  "client_id",
  "permissions",
  "integration_type",
  "ex",
  "is",
]);

/** Path segments that are capabilities: a webhook's or an interaction's token follows its id. */
const TOKEN_AFTER_ID = /\/(webhooks|interactions)\/(\d+)\/[^/?]+/g;

/**
 * A request's URL as it may be logged: webhook and interaction tokens in the path and the
 * values of query parameters that could be secret (OAuth2 codes, signed-URL signatures) are
 * replaced, so a log never holds a capability someone could use.
 */
export function safeUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(TOKEN_AFTER_ID, "/$1/$2/[redacted]");
  if (queryAt === -1) return path;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const kept = [...query].map(
    ([key, value]) => `${encodeURIComponent(key)}=${PLAIN_QUERY.has(key) ? encodeURIComponent(value) : "[redacted]"}`,
  );
  return `${path}?${kept.join("&")}`;
}
