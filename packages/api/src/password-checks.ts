import type { PasswordHasher } from "@chat/domain";
import { createSignInThrottle, PASSWORD_CHECK_LIMIT, tooManyPasswordAttempts } from "@chat/rate-limit";
import { TRPCError } from "@trpc/server";
import type { ApiContext } from "./context";
import { spendOrRefuse } from "./rate-limited";

/** A signed-in call: the person the session belongs to. */
type SignedIn = ApiContext & { me: { id: bigint; username: string } };

/**
 * Spends one of the person's password checks (PASSWORD_CHECK_LIMIT: changing the password and
 * deleting the account together), before anything costly (a hash, a strength check) runs.
 */
export async function spendPasswordCheck(ctx: SignedIn): Promise<void> {
  await spendOrRefuse(ctx.rateLimits, PASSWORD_CHECK_LIMIT, ctx.me.id.toString(), tooManyPasswordAttempts);
}

/**
 * The hasher to check the person's current password with, counted into their account's
 * sign-in throttle as a sign-in from this address would be: refused (even the right password)
 * while that is locked; a wrong password counts as a failed sign-in, the right one as a
 * successful one.
 */
export async function throttledPasswords(ctx: SignedIn): Promise<PasswordHasher> {
  const attempt = await createSignInThrottle(ctx.rateLimits).begin(ctx.me.username, ctx.clientAddress);
  if (!attempt.allowed)
    throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: tooManyPasswordAttempts(attempt.retryAfterMs) });
  return {
    hash: ctx.passwords.hash,
    async verify(hash, password) {
      const right = await ctx.passwords.verify(hash, password);
      await (right ? attempt.succeeded() : attempt.failed());
      return right;
    },
  };
}
