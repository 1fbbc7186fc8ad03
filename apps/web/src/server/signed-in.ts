import { createSessionCookieReader } from "@chat/auth/session-cookie";

/** `name=value; name2=value2` as next-auth's cookie reader takes it. */
function cookiesOf(header: string): { name: string; value: string }[] {
  return header.split(";").flatMap((pair) => {
    const at = pair.indexOf("=");
    return at > 0 ? [{ name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }] : [];
  });
}

/**
 * Whether a Cookie header holds a session cookie this app issued and that has not expired
 * (decrypted with the session secret; the database is not asked whether the session is still
 * live, the tRPC procedure does that). For apps/web/server.ts, outside Next.js.
 */
export function createSignedInCheck(): (cookieHeader: string) => Promise<boolean> {
  let read: ReturnType<typeof createSessionCookieReader> | undefined;
  return async (cookieHeader) => {
    read ??= createSessionCookieReader();
    try {
      return (await read({ getAll: () => cookiesOf(cookieHeader) })) !== null;
    } catch {
      return false;
    }
  };
}
