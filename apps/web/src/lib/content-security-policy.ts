/**
 * The Content-Security-Policy of every page. Scripts run only with the request's nonce (Next.js
 * puts it on its own scripts when it finds it in the request's policy) or when loaded by such
 * a script ('strict-dynamic'). Stylesheets and <style> elements need the nonce too; style
 * attributes are allowed (React server-renders `style={…}` as attributes, which cannot carry a
 * nonce; an attribute styles only its own element). Pictures and uploaded files come from
 * the server's CDN origin. No page may be framed, by anyone.
 */
export interface PolicyInput {
  nonce: string;
  /** The origin of PUBLIC_CDN_URL, e.g. http://localhost:8080 */
  cdnOrigin: string;
  /** The app is served over https: ask browsers to upgrade any http address. */
  https: boolean;
  /** `next dev`: React needs eval, and styles are injected by script without the nonce. */
  development: boolean;
}

export function contentSecurityPolicy({ nonce, cdnOrigin, https, development }: PolicyInput): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", development ? "'unsafe-inline'" : `'nonce-${nonce}'`],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "blob:", "data:", cdnOrigin],
    "media-src": ["'self'", "blob:", cdnOrigin],
    "font-src": ["'self'"],
    // tRPC queries and its server-sent events are same-origin.
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // Forms post to this app only; the consent page sends people on to a website by script.
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`);
  if (https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}
