import { type SignInThrottle, signInThrottledError } from "@chat/rate-limit";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { type AccountLookup, SUSPENDED_ERROR, checkCredentials } from "./credentials";
import { readAuthEnv } from "./env";

/** The request headers next-auth hands to `authorize`. */
export type SignInHeaders = Record<string, string | string[] | undefined>;

export interface AuthDependencies {
  accounts: () => Promise<AccountLookup>;
  /** Sign-in throttling per account and per client address (the web app's rate-limit store). */
  signInThrottle: () => Promise<SignInThrottle>;
  /** The client's address, from the headers the web app's HTTP server wrote. */
  clientAddress: (headers: SignInHeaders) => Promise<string>;
}

const THIRTY_DAYS = 30 * 24 * 60 * 60;

/** The signed-in person as the web app sees it. */
export interface SessionUser {
  id: string;
  username: string;
}

/**
 * next-auth v4: username + password (Credentials provider), JWT sessions. Build it at run
 * time (it reads the secret from the environment or DATA_DIR).
 */
export function createAuthOptions(deps: AuthDependencies): NextAuthOptions {
  const env = readAuthEnv();
  return {
    secret: env.secret,
    session: { strategy: "jwt", maxAge: THIRTY_DAYS },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Username",
        credentials: { username: { label: "Username", type: "text" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          const username = typeof credentials?.username === "string" ? credentials.username : "";
          const attempt = await (await deps.signInThrottle()).begin(username, await deps.clientAddress(request?.headers ?? {}));
          // Refused before the password is looked at: a right one is refused too while locked.
          if (!attempt.allowed) throw new Error(signInThrottledError(attempt.retryAfterMs));
          const result = await checkCredentials(await deps.accounts(), credentials?.username, credentials?.password);
          // A suspended account's password was right: not a guess to count.
          await (result.ok || result.reason === "suspended" ? attempt.succeeded() : attempt.failed());
          if (result.ok) return { id: result.user.id, name: result.user.username };
          if (result.reason === "suspended") throw new Error(SUSPENDED_ERROR);
          return null;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.name = user.name;
        }
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.sub, username: token.name, name: token.name } as typeof session.user & SessionUser;
        return session;
      },
    },
  };
}

/** The person of a next-auth session, or null. */
export function sessionUserOf(session: { user?: unknown } | null | undefined): SessionUser | null {
  const user = session?.user as Partial<SessionUser> | undefined;
  if (!user || typeof user.id !== "string" || !/^[0-9]{1,19}$/.test(user.id)) return null;
  return { id: user.id, username: typeof user.username === "string" ? user.username : "" };
}
