import type { JWT } from "next-auth/jwt";
import { getToken } from "next-auth/jwt";
import { type AuthEnv, readAuthEnv } from "./env";

/** What the session cookie (a JWT) carries: the server-side web session's id and its person's id. */
export interface SessionClaims {
  sessionId: string;
  userId: bigint;
}

/** The person signed in, as the web app's pages see them. */
export interface SessionUser {
  id: string;
  username: string;
}

/** A web session id: 32 random bytes, base64url (see the domain's WebSessionService). */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The claims of a decoded session JWT, or null when it does not carry a well-formed pair
 * (a cookie from before server-side sessions carries no session id: it is refused).
 */
export function sessionClaimsOf(token: JWT | null | undefined): SessionClaims | null {
  const userId = token?.sub;
  const sessionId = token?.sid;
  if (typeof userId !== "string" || !/^[0-9]{1,19}$/.test(userId)) return null;
  if (typeof sessionId !== "string" || !SESSION_ID.test(sessionId)) return null;
  return { sessionId, userId: BigInt(userId) };
}

/** The request's cookies, as Next.js' `cookies()` gives them. */
export interface RequestCookies {
  getAll(): { name: string; value: string }[];
}

/**
 * Reads the session cookie (next-auth's name, possibly chunked) and decrypts it; no database.
 * Only the cookie counts, never an Authorization header.
 */
export function createSessionCookieReader(
  env: AuthEnv = readAuthEnv(),
): (cookies: RequestCookies) => Promise<SessionClaims | null> {
  const secureCookie = env.url.startsWith("https://");
  return async (cookies) => {
    const req = { cookies, headers: new Headers() } as unknown as Parameters<typeof getToken>[0]["req"];
    return sessionClaimsOf(await getToken({ req, secret: env.secret, secureCookie }));
  };
}
