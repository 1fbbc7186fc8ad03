/** What the connection address asked for, once accepted. */
export interface ConnectionQuery {
  /** `compress=zlib-stream`: one zlib stream for the whole connection (compression.ts). */
  compress: "zlib-stream" | null;
}

/**
 * The connection address's query (spec: connection address): `v=10`, `encoding=json` and an
 * optional `compress=zlib-stream`; `v` and `encoding` may be left out (the defaults are those).
 * Anything else is refused with a reason for closing with 4002.
 */
export function parseConnectionQuery(requestUrl: string | undefined): ConnectionQuery | { problem: string } {
  const query = new URL(requestUrl ?? "/", "http://gateway.invalid").searchParams;
  const version = query.get("v");
  if (version !== null && version !== "10") return { problem: "Unsupported API version." };
  const encoding = query.get("encoding");
  if (encoding !== null && encoding !== "json") return { problem: "Unsupported encoding." };
  const compress = query.get("compress");
  if (compress !== null && compress !== "zlib-stream") return { problem: "Unsupported compression." };
  return { compress };
}
