/**
 * The Content-Security-Policy of every page. Scripts run only with the request's nonce (Next.js
 * puts it on its own scripts when it finds it in the request's policy) or when loaded by such
 * a script ('strict-dynamic'). Stylesheets and <style> elements need the nonce too; style
 * attributes are allowed (React server-renders `style={…}` as attributes, which cannot carry a
 * nonce; an attribute styles only its own element). Pictures and uploaded files come from
 * the server's CDN origin; voice connects to the media server (LIVEKIT_PUBLIC_URL). No page may
 * be framed, by anyone.
 */
export interface PolicyInput {
  nonce: string;
  /** The origin of PUBLIC_CDN_URL, e.g. http://localhost:8080 */
  cdnOrigin: string;
  /** The app is served over https: ask browsers to upgrade any http address. */
  https: boolean;
  /** `next dev`: React needs eval, and styles are injected by script without the nonce. */
  development: boolean;
  /** LIVEKIT_PUBLIC_URL, when voice is set up: the browser's WebSocket and HTTP calls to the media server. */
  voiceUrl?: string;
}

/** The media server's address as connect-src sources: its WebSocket and its HTTP(S) (LiveKit's client uses both). */
export function voiceSources(voiceUrl: string | undefined): string[] {
  if (!voiceUrl) return [];
  const url = new URL(voiceUrl);
  const secure = url.protocol === "wss:" || url.protocol === "https:";
  return [`${secure ? "wss" : "ws"}://${url.host}`, `${secure ? "https" : "http"}://${url.host}`];
}

export function contentSecurityPolicy({ nonce, cdnOrigin, https, development, voiceUrl }: PolicyInput): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", development ? "'unsafe-inline'" : `'nonce-${nonce}'`],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "blob:", "data:", cdnOrigin],
    // Voice plays others' audio from MediaStreams (srcObject; "mediastream:" for browsers that ask).
    "media-src": ["'self'", "blob:", "mediastream:", cdnOrigin],
    "font-src": ["'self'"],
    // tRPC queries and its server-sent events are same-origin; voice talks to the media server.
    "connect-src": ["'self'", ...voiceSources(voiceUrl)],
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

/**
 * The policy of every answer that is not a page (tRPC, next-auth's endpoints and its own
 * pages such as /api/auth/signout, pictures, built assets, health checks), set by
 * apps/web/server.ts: nothing may run or load, inline styles only (next-auth's pages), forms
 * post only to the app, and no framing. Pages replace it with their nonce-based one (src/proxy.ts).
 */
export const FIXED_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
