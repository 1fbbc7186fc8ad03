import { isStorableText } from "@chat/domain";
import { hashPassword, verifyPassword } from "./password";
import { CHECKED_PASSWORD_MAX } from "./password-limits";

/** What sign-in needs from the domain's user service. */
export interface AccountLookup {
  findByUsername(username: string): Promise<{
    id: bigint;
    username: string;
    globalName: string | null;
    bot: boolean;
    passwordHash: string | null;
    suspendedAt: Date | null;
  } | null>;
}

export type CredentialsResult =
  | { ok: true; user: { id: string; username: string; displayName: string | null } }
  | { ok: false; reason: "invalid" | "suspended" };

/** The error next-auth reports to the login form for a suspended account. */
export const SUSPENDED_ERROR = "AccountSuspended";

let decoyHash: Promise<string> | null = null;

/** A hash to verify against when the username is unknown, so both paths take as long. */
function decoy(): Promise<string> {
  decoyHash ??= hashPassword("decoy password that never matches");
  return decoyHash;
}

/** Checks a username and password; only people (not bots) with a password can sign in. */
export async function checkCredentials(
  accounts: AccountLookup,
  username: unknown,
  password: unknown,
): Promise<CredentialsResult> {
  if (
    typeof username !== "string" ||
    typeof password !== "string" ||
    password.length === 0 ||
    password.length > CHECKED_PASSWORD_MAX
  )
    return { ok: false, reason: "invalid" };
  // No account has a name PostgreSQL cannot store (NUL, unpaired surrogates): never looked up.
  const lookUp = isStorableText(username) && isStorableText(password);
  const account = lookUp ? await accounts.findByUsername(username.trim().toLowerCase()) : null;
  if (!account || account.bot || !account.passwordHash) {
    await verifyPassword(await decoy(), password);
    return { ok: false, reason: "invalid" };
  }
  if (!(await verifyPassword(account.passwordHash, password))) return { ok: false, reason: "invalid" };
  if (account.suspendedAt) return { ok: false, reason: "suspended" };
  return { ok: true, user: { id: account.id.toString(), username: account.username, displayName: account.globalName } };
}
