/** A same-site path to return to after signing in; anything else becomes `fallback`. */
export function safeReturnPath(value: unknown, fallback = "/channels"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

/** The session is over (signed out elsewhere, password changed, suspended): to the login page, and back here after. */
export function sendToLogin(): void {
  window.location.assign(`/login?callbackUrl=${encodeURIComponent(window.location.pathname)}`);
}
