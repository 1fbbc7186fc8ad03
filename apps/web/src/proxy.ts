import { type NextRequest, NextResponse } from "next/server";
import { contentSecurityPolicy } from "@/lib/content-security-policy";
import { readWebEnv } from "@/server/env";

let settings: { cdnOrigin: string; https: boolean; development: boolean; voiceUrl?: string } | undefined;

/** Read on the first request (at run time, never during the build). */
function policySettings() {
  if (!settings) {
    const env = readWebEnv();
    settings = {
      cdnOrigin: new URL(env.urls.cdnUrl).origin,
      https: env.appUrl.startsWith("https:"),
      development: env.development,
      voiceUrl: env.livekit?.publicUrl,
    };
  }
  return settings;
}

/**
 * Every page gets a fresh nonce and the Content-Security-Policy built around it. The policy
 * also goes on the request, where Next.js reads the nonce to put on the scripts it renders.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = contentSecurityPolicy({ nonce, ...policySettings() });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  // Browsers that predate frame-ancestors (clickjacking).
  response.headers.set("X-Frame-Options", "DENY");
  response.headers.set("X-Content-Type-Options", "nosniff");
  // The consent pages' addresses carry OAuth2 state and PKCE challenges: never leak them.
  if (request.nextUrl.pathname.startsWith("/oauth2/")) response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only, prefetches of them included (a prefetched document is shown as fetched): not
      // tRPC and next-auth (/api), built assets, application pictures, event covers or health
      // checks, which keep the fixed policy apps/web/server.ts puts on every answer.
      source: "/((?!api/|_next/static/|_next/image|app-icons/|event-covers/|favicon.ico|healthz|readyz).*)",
    },
  ],
};
