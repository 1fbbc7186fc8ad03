/** The query of /oauth2/authorize, checked. Scope `bot` is served today; `identify` comes later. */
export type AuthorizeRequest =
  | { kind: "bot"; clientId: string; permissions: bigint; guildId: string | null }
  | { kind: "identify"; clientId: string; redirectUri: string | null; state: string | null }
  | { kind: "invalid"; reason: string };

type Query = Record<string, string | string[] | undefined>;

function one(query: Query, key: string): string | null {
  const value = query[key];
  return typeof value === "string" ? value : Array.isArray(value) ? (value[0] ?? null) : null;
}

export function parseAuthorizeRequest(query: Query): AuthorizeRequest {
  const clientId = one(query, "client_id");
  if (!clientId) return { kind: "invalid", reason: "The link has no client_id." };
  if (!/^[0-9]{1,19}$/.test(clientId)) return { kind: "invalid", reason: "The client_id in the link is not a valid application id." };
  const scopes = (one(query, "scope") ?? "").split(/[\s+]+/).filter(Boolean);
  if (scopes.includes("bot")) {
    const raw = one(query, "permissions") ?? "0";
    if (!/^[0-9]{1,20}$/.test(raw)) return { kind: "invalid", reason: "The permissions in the link are not a permission bit field." };
    const guildId = one(query, "guild_id");
    return { kind: "bot", clientId, permissions: BigInt(raw), guildId: guildId && /^[0-9]{1,19}$/.test(guildId) ? guildId : null };
  }
  if (scopes.includes("identify")) return { kind: "identify", clientId, redirectUri: one(query, "redirect_uri"), state: one(query, "state") };
  return { kind: "invalid", reason: scopes.length ? `Unsupported scope: ${scopes.join(" ")}.` : "The link has no scope." };
}

/** The same query as a string, to come back here after logging in. */
export function authorizePath(query: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(key, v);
  }
  return `/oauth2/authorize?${search.toString()}`;
}
