import "server-only";
import { createAuthOptions, type SessionUser, sessionUserOf } from "@chat/auth";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import type { NextAuthOptions } from "next-auth";
import { getServerSession } from "next-auth/next";
import { clientAddressOf } from "./client-address";
import { getWebContext } from "./context";

const KEY = Symbol.for("chat.web.authOptions");
type Holder = { [KEY]?: NextAuthOptions };

/** next-auth's options, built on first use at run time (the secret may live in DATA_DIR). */
export function getAuthOptions(): NextAuthOptions {
  const holder = globalThis as Holder;
  holder[KEY] ??= createAuthOptions({
    accounts: async () => (await getWebContext()).domain.users,
    signInThrottle: async () => (await getWebContext()).signInThrottle,
    clientAddress: async (headers) => clientAddressOf(headers, (await getWebContext()).env.trustProxy),
  });
  return holder[KEY];
}

/** The signed-in person, or null. */
export async function getSessionUser(): Promise<SessionUser | null> {
  await connection(); // request time only: never read secrets or open the database during the build
  return sessionUserOf(await getServerSession(getAuthOptions()));
}

/** The signed-in person; otherwise a redirect to the login page that comes back to `returnTo`. */
export async function requireSessionUser(returnTo: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
