/**
 * Stands in for the app's own origin while a return path is resolved: only the path part of
 * the answer is used, so any value that leaves this origin leaves the app's too.
 */
const OWN_ORIGIN = "http://return-path.invalid";

/**
 * Browsers drop tabs and newlines while parsing an address (`/<TAB>/evil.example` becomes
 * `//evil.example`, another site), and CR, LF or NUL cannot go in a Location header at all:
 * any control character or whitespace refuses the value. Backslashes count as slashes in
 * http(s) addresses (`/\evil.example`).
 */
const UNSAFE_CHARACTER = /[\p{Cc}\p{Z}\s\\]/u;

/**
 * A same-site path to return to after signing in; anything else becomes `fallback`. The value
 * is resolved as a browser would (`new URL`) and must stay on the app's origin; what comes
 * back is the resolved path, query and fragment, percent-encoded.
 */
export function safeReturnPath(value: unknown, fallback = "/channels"): string {
  if (typeof value !== "string" || !value.startsWith("/") || UNSAFE_CHARACTER.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN || !url.pathname.startsWith("/")) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that still reads as another host once encoded (never expected after the checks above).
  return path.startsWith("//") ? fallback : path;
}

/**
 * next-auth's redirect callback: where its own endpoints send the browser (sign-out's
 * callbackUrl, the callback-url cookie, its sign-in page). An address on `baseUrl` (the app's
 * public origin) or a path, made safe as above; anything else goes to the app's root.
 */
export function safeRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  const path = url === baseUrl ? "/" : url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
  return `${baseUrl}${safeReturnPath(path, "/")}`;
}

/** The session is over (signed out elsewhere, password changed, suspended): to the login page, and back here after. */
export function sendToLogin(): void {
  window.location.assign(`/login?callbackUrl=${encodeURIComponent(window.location.pathname)}`);
}
