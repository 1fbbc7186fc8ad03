/**
 * The one filter for a sender's address before the page puts it in an `href`, a `src` or
 * `window.open`: only absolute http and https survive (`javascript:`, `data:` and the rest do not).
 */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}
