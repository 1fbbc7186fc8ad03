/**
 * The query of /oauth2/authorize, sorted by flow: scope `bot` adds a bot to a guild (checked
 * here); anything else is the login flow (scope identify), which the domain checks, so that
 * mistakes such as invalid_scope go back to the website (login rule 7).
 */
export type AuthorizeRequest =
  | { kind: "bot"; clientId: string; permissions: bigint; guildId: string | null }
  | { kind: "login"; query: Record<string, string | string[]> }
  | { kind: "invalid"; reason: string };

type Query = Record<string, string | string[] | undefined>;

function one(query: Query, key: string): string | null {
  const value = query[key];
  return typeof value === "string" ? value : Array.isArray(value) ? (value[0] ?? null) : null;
}

export function parseAuthorizeRequest(query: Query): AuthorizeRequest {
  const scopes = (one(query, "scope") ?? "").split(/[\s+]+/).filter(Boolean);
  if (!scopes.includes("bot")) {
    const defined = Object.entries(query).filter(
      (entry): entry is [string, string | string[]] => entry[1] !== undefined,
    );
    return { kind: "login", query: Object.fromEntries(defined) };
  }
  const clientId = one(query, "client_id");
  if (!clientId) return { kind: "invalid", reason: "The link has no client_id." };
  if (!/^[0-9]{1,19}$/.test(clientId))
    return { kind: "invalid", reason: "The client_id in the link is not a valid application id." };
  const raw = one(query, "permissions") ?? "0";
  if (!/^[0-9]{1,20}$/.test(raw))
    return { kind: "invalid", reason: "The permissions in the link are not a permission bit field." };
  const guildId = one(query, "guild_id");
  return {
    kind: "bot",
    clientId,
    permissions: BigInt(raw),
    guildId: guildId && /^[0-9]{1,19}$/.test(guildId) ? guildId : null,
  };
}

/** The same query as a string, to come back here after logging in. */
export function authorizePath(query: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(key, v);
  }
  return `/oauth2/authorize?${search.toString()}`;
}
