/** Ids are small decimal numbers (spec rule 1): bigint in the database, strings on the wire. */
export function parseId(value: unknown): bigint | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value);
  // One spelling per id: "0042" is not an id, so rate-limit buckets and lookups agree.
  if (!/^(0|[1-9][0-9]{0,18})$/.test(text)) return null;
  const id = BigInt(text);
  return id <= 9223372036854775807n ? id : null;
}

export function idString(id: bigint | number): string {
  return id.toString();
}
