/** RFC 5987 percent-encoding: encodeURIComponent leaves ' ( ) * as they are, which the header's syntax does not allow. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): browsers save the file under its
 * exact name from `filename*`; `filename` is a plain-ASCII stand-in for clients that know no other.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}
