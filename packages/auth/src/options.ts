import { WEB_SESSION_LIFETIME_MS } from "@chat/domain";
import { type SignInThrottle, signInThrottledError } from "@chat/rate-limit";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { type AccountLookup, SUSPENDED_ERROR, checkCredentials } from "./credentials";
import { type DeviceCookie, deviceCookieFor, deviceCookieName, deviceIdFor, deviceIdOf } from "./device-cookie";
import { readAuthEnv } from "./env";
import { type SessionUser, sessionClaimsOf } from "./session-cookie";

/** What sign-in and sign-out need from the domain's web sessions. */
export interface WebSessionStore {
  start(userId: bigint): Promise<{ id: string }>;
  live(sessionId: string, userId: bigint): Promise<{ user: { id: bigint; username: string } } | null>;
  end(sessionId: string): Promise<void>;
}

/** The request headers next-auth hands to `authorize`. */
export type SignInHeaders = Record<string, string | string[] | undefined>;

export interface AuthDependencies {
  accounts: () => Promise<AccountLookup>;
  sessions: () => Promise<WebSessionStore>;
  /** Sign-in throttling per account and per client address (the web app's rate-limit store). */
  signInThrottle: () => Promise<SignInThrottle>;
  /** The client's address, from the headers the web app's HTTP server wrote. */
  clientAddress: (headers: SignInHeaders) => Promise<string>;
  /** Sets a cookie on the sign-in's answer (the device cookie, after a successful sign-in). */
  setCookie: (cookie: DeviceCookie) => Promise<void>;
}

declare module "next-auth/jwt" {
  interface JWT {
    /** The server-side web session this cookie names. */
    sid?: string;
  }
}

/**
 * next-auth v4: username + password (Credentials provider), JWT sessions whose token carries
 * only the user id and the id of a server-side web session, started at sign-in and ended at
 * sign-out; the cookie counts only while that session is live. Build it at run time (it
 * reads the secret from the environment or DATA_DIR).
 */
export function createAuthOptions(deps: AuthDependencies): NextAuthOptions {
  const env = readAuthEnv();
  const secureCookies = env.url.startsWith("https://");
  return {
    secret: env.secret,
    session: { strategy: "jwt", maxAge: WEB_SESSION_LIFETIME_MS / 1000 },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Username",
        credentials: {
          username: { label: "Username", type: "text" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, request) {
          const username = typeof credentials?.username === "string" ? credentials.username : "";
          const headers = request?.headers ?? {};
          const deviceCookie = cookieValue(headers, deviceCookieName(secureCookies));
          // A device cookie naming this account: counted per device, past a lock from elsewhere.
          const deviceId = deviceIdFor(env.secret, deviceCookie, username) ?? undefined;
          const attempt = await (await deps.signInThrottle()).begin(
            username,
            await deps.clientAddress(headers),
            deviceId,
          );
          // Refused before the password is looked at: a right one is refused too while locked.
          if (!attempt.allowed) throw new Error(signInThrottledError(attempt.retryAfterMs));
          const result = await checkCredentials(await deps.accounts(), credentials?.username, credentials?.password);
          // A suspended account's password was right: not a guess to count.
          await (result.ok || result.reason === "suspended" ? attempt.succeeded() : attempt.failed());
          if (result.ok) {
            await deps.setCookie(
              deviceCookieFor(env.secret, result.user.username, secureCookies, deviceIdOf(env.secret, deviceCookie)),
            );
            return { id: result.user.id, name: result.user.username };
          }
          if (result.reason === "suspended") throw new Error(SUSPENDED_ERROR);
          return null;
        },
      }),
    ],
    callbacks: {
      /** At sign-in (`user` set) a new web session; the token holds nothing else. */
      async jwt({ token, user }) {
        if (!user) return token;
        const session = await (await deps.sessions()).start(BigInt(user.id));
        return { sub: user.id, sid: session.id };
      },
      /** next-auth's own /api/auth/session answers a person only while the session is live. */
      async session({ session, token }) {
        const claims = sessionClaimsOf(token);
        const live = claims ? await (await deps.sessions()).live(claims.sessionId, claims.userId) : null;
        if (!live) return { expires: session.expires };
        const user: SessionUser = { id: live.user.id.toString(), username: live.user.username };
        return { ...session, user: { ...user, name: user.username } };
      },
    },
    events: {
      /** Sign-out ends the web session at once: the cookie, replayed, is refused. */
      async signOut({ token }) {
        const claims = sessionClaimsOf(token);
        if (claims) await (await deps.sessions()).end(claims.sessionId);
      },
    },
  };
}

/** One cookie's value from a request's Cookie header. */
function cookieValue(headers: SignInHeaders, name: string): string | undefined {
  const header = headers.cookie;
  for (const pair of (Array.isArray(header) ? header.join("; ") : (header ?? "")).split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
