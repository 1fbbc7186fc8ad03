/**
 * The connection address's query (spec: connection address): `v=10` and `encoding=json`;
 * either may be left out (the defaults are those). Compression is not offered yet, so a
 * `compress` parameter is refused like any unsupported encoding. Null when acceptable,
 * otherwise the reason for closing with 4002.
 */
export function connectionQueryProblem(requestUrl: string | undefined): string | null {
  const query = new URL(requestUrl ?? "/", "http://gateway.invalid").searchParams;
  const version = query.get("v");
  if (version !== null && version !== "10") return "Unsupported API version.";
  const encoding = query.get("encoding");
  if (encoding !== null && encoding !== "json") return "Unsupported encoding.";
  if (query.has("compress")) return "Unsupported compression.";
  return null;
}
