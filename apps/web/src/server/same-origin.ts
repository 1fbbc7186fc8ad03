/**
 * Cross-site request forgery: a write must come from a page of the app itself. Browsers name
 * the page's origin in `Origin` (or, failing that, `Referer`); it must be the app's public
 * origin (PUBLIC_APP_URL) in full: scheme, host and port. Nothing the client sends about the
 * host (`Host`, `X-Forwarded-Host`) is consulted. A request naming no page at all comes from no
 * browser page (tools, tests) and carries no one's cookies by accident.
 */
export function isCrossSiteWrite(request: Request, appUrl: string): boolean {
  if (request.method !== "POST") return false;
  const from = request.headers.get("origin") ?? request.headers.get("referer");
  if (from === null) return false;
  try {
    return new URL(from).origin !== new URL(appUrl).origin;
  } catch {
    // "null" (a sandboxed frame, a data: page) or no address at all.
    return true;
  }
}
