import { createHash } from "node:crypto";
import type { BucketRule } from "./buckets";
import { SIGN_IN_LIMITS, type SignInLimits } from "./people-limits";
import type { RateLimitStore } from "./store";

/** A sign-in attempt let through: report how it ended. */
export interface SignInAttempt {
  allowed: true;
  /** The password was right: the account's failures and lockouts are forgotten, the address's count given back. */
  succeeded(): Promise<void>;
  /** The password was wrong: it stays counted; the account's last allowed failure locks it. */
  failed(): Promise<void>;
}

export type SignInGate = SignInAttempt | { allowed: false; retryAfterMs: number };

export interface SignInThrottle {
  /**
   * Counts an attempt before the password is checked (so parallel guesses cannot all slip in
   * before the first failure is recorded). Refused while the account is locked or the address
   * has spent its failures, even with the right password.
   */
  begin(username: string, address: string): Promise<SignInGate>;
}

/**
 * Sign-in throttling per account and per client address. Unknown usernames are counted
 * exactly like known ones, so a lockout tells nothing about whether an account exists.
 */
export function createSignInThrottle(store: RateLimitStore, limits: SignInLimits = SIGN_IN_LIMITS): SignInThrottle {
  const accountRule: BucketRule = { name: "signin.account", points: limits.accountFailures, durationSeconds: limits.accountWindowSeconds, per: "account" };
  // Only counts how many lockouts an account had lately; never refuses anything itself.
  const lockoutRule: BucketRule = { name: "signin.lockouts", points: 1_000_000, durationSeconds: limits.lockoutMemorySeconds, per: "account" };
  const addressRule: BucketRule = { name: "signin.address", points: limits.addressFailures, durationSeconds: limits.addressWindowSeconds, per: "address" };

  async function lock(account: string): Promise<void> {
    const lockouts = await store.consume(lockoutRule, account);
    const count = lockouts.limit - lockouts.remaining;
    const seconds = Math.min(limits.maxLockoutSeconds, limits.firstLockoutSeconds * 2 ** (count - 1));
    await store.block(accountRule, account, seconds);
  }

  return {
    async begin(username, address) {
      const account = accountKey(username);
      const byAccount = await store.consume(accountRule, account);
      if (!byAccount.allowed) return { allowed: false, retryAfterMs: byAccount.resetAfterMs };
      const byAddress = await store.consume(addressRule, address);
      if (!byAddress.allowed) {
        await store.refund(accountRule, account);
        return { allowed: false, retryAfterMs: byAddress.resetAfterMs };
      }
      return {
        allowed: true,
        async succeeded() {
          await Promise.all([store.reset(accountRule, account), store.reset(lockoutRule, account), store.refund(addressRule, address)]);
        },
        async failed() {
          if (byAccount.remaining === 0) await lock(account);
        },
      };
    },
  };
}

/** Usernames are case-insensitive; hashed so arbitrary input never becomes a long store key. */
function accountKey(username: string): string {
  return createHash("sha256").update(username.trim().toLowerCase()).digest("hex").slice(0, 32);
}
