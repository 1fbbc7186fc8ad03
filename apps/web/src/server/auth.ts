import "server-only";
import { createAuthOptions, createSessionCookieReader, type SessionClaims, type SessionUser } from "@chat/auth";
import { isDatabaseUnreachable } from "@chat/db";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import type { NextAuthOptions } from "next-auth";
import { cache } from "react";
import { safeRedirect } from "@/lib/return-path";
import { clientAddressOf } from "./client-address";
import { getWebContext } from "./context";

const KEY = Symbol.for("chat.web.auth");
type Auth = { options: NextAuthOptions; readCookie: ReturnType<typeof createSessionCookieReader> };
type Holder = { [KEY]?: Auth };

/** next-auth's options and the session cookie reader, built on first use at run time (the secret may live in DATA_DIR). */
function auth(): Auth {
  const holder = globalThis as Holder;
  holder[KEY] ??= {
    options: withSafeRedirects(
      createAuthOptions({
        accounts: async () => (await getWebContext()).domain.users,
        sessions: async () => (await getWebContext()).domain.webSessions,
        signInThrottle: async () => (await getWebContext()).signInThrottle,
        clientAddress: async (headers) => clientAddressOf(headers, (await getWebContext()).env.trustProxy),
        // Called inside next-auth's route handler: Next.js adds the cookie to its answer.
        setCookie: async ({ name, value, options }) => {
          (await cookies()).set(name, value, options);
        },
      }),
    ),
    readCookie: createSessionCookieReader(),
  };
  return holder[KEY];
}

/** next-auth's redirects stay on the app's paths, by the rule of the login page's callbackUrl. */
function withSafeRedirects(options: NextAuthOptions): NextAuthOptions {
  return { ...options, callbacks: { ...options.callbacks, redirect: safeRedirect } };
}

export function getAuthOptions(): NextAuthOptions {
  return auth().options;
}

/**
 * The web session the request's cookie names (decrypted, not yet checked against the
 * database), or null. tRPC calls check it in their protected procedures.
 */
export const getSessionCookie = cache(async (): Promise<SessionClaims | null> => {
  await connection(); // request time only: never read secrets or open the database during the build
  return auth().readCookie(await cookies());
});

/** The signed-in person while the cookie's web session is live (not ended, not expired, account not suspended), else null. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const claims = await getSessionCookie();
  if (!claims) return null;
  const live = await (await getWebContext()).domain.webSessions.live(claims.sessionId, claims.userId);
  return live ? { id: live.user.id.toString(), username: live.user.username } : null;
});

/** The signed-in person; otherwise a redirect to the login page that comes back to `returnTo`. */
export async function requireSessionUser(returnTo: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

/**
 * requireSessionUser for the chat's page, drawn under a shell (the layout) already on screen
 * when the person moves between channels: while the database cannot be reached, a visitor with
 * a session cookie goes on, and the shell's own calls show the outage and reconnect, instead
 * of the whole chat giving way to the error page.
 */
export async function requireChatSession(returnTo: string): Promise<void> {
  try {
    await requireSessionUser(returnTo);
  } catch (error) {
    if (!isDatabaseUnreachable(error) || !(await getSessionCookie())) throw error;
  }
}
