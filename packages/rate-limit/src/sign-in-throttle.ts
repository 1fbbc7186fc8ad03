import { createHash } from "node:crypto";
import type { BucketRule } from "./buckets";
import { SIGN_IN_LIMITS, type SignInLimits } from "./people-limits";
import type { RateLimitStore } from "./store";

/** A sign-in attempt let through: report how it ended. */
export interface SignInAttempt {
  allowed: true;
  /**
   * The password was right: the failures and lockouts it was counted against are forgotten,
   * the address's count given back, and the address becomes known to the account.
   */
  succeeded(): Promise<void>;
  /** The password was wrong: it stays counted; the last allowed failure locks what it was counted against. */
  failed(): Promise<void>;
}

export type SignInGate = SignInAttempt | { allowed: false; retryAfterMs: number };

export interface SignInThrottle {
  /**
   * Counts an attempt before the password is checked (so parallel guesses cannot all slip in
   * before the first failure is recorded). Refused while what it is counted against is locked,
   * even with the right password.
   *
   * An attempt from a known device (`deviceId`: the id of a device cookie the caller checked
   * names this account) or from an address the account signed in from lately is counted
   * against that device or address of the account alone, with the same lockouts: a lock of the
   * account by failures from elsewhere does not refuse it. Any other attempt is counted
   * against the account and the client address.
   */
  begin(username: string, address: string, deviceId?: string): Promise<SignInGate>;
}

/** A failure counter that locks its key after its last allowed failure, longer each time. */
interface LockingCounter {
  failures: BucketRule;
  /** Only counts how many lockouts a key had lately; never refuses anything itself. */
  lockouts: BucketRule;
}

/**
 * Sign-in throttling per account and per client address, with known devices and addresses
 * counted apart (so failures from elsewhere cannot keep the account's owner out). Unknown
 * usernames are counted exactly like known ones, so a lockout tells nothing about whether an
 * account exists.
 */
export function createSignInThrottle(store: RateLimitStore, limits: SignInLimits = SIGN_IN_LIMITS): SignInThrottle {
  const counter = (name: string): LockingCounter => ({
    failures: { name, points: limits.accountFailures, durationSeconds: limits.accountWindowSeconds, per: "account" },
    lockouts: {
      name: `${name}.lockouts`,
      points: 1_000_000,
      durationSeconds: limits.lockoutMemorySeconds,
      per: "account",
    },
  });
  const byAccount = counter("signin.account");
  const byKnownSource = counter("signin.known");
  const addressRule: BucketRule = {
    name: "signin.address",
    points: limits.addressFailures,
    durationSeconds: limits.addressWindowSeconds,
    per: "address",
  };
  // Marks the addresses each account signed in from (one use per success: never refuses).
  const knownAddressRule: BucketRule = {
    name: "signin.known.address",
    points: 1_000_000_000,
    durationSeconds: limits.knownAddressSeconds,
    per: "account",
  };

  async function lock(on: LockingCounter, key: string): Promise<void> {
    const lockouts = await store.consume(on.lockouts, key);
    const count = lockouts.limit - lockouts.remaining;
    const seconds = Math.min(limits.maxLockoutSeconds, limits.firstLockoutSeconds * 2 ** (count - 1));
    await store.block(on.failures, key, seconds);
  }

  async function forget(on: LockingCounter, key: string): Promise<void> {
    await Promise.all([store.reset(on.failures, key), store.reset(on.lockouts, key)]);
  }

  /** Known from now on, for knownAddressSeconds from this success. */
  async function rememberAddress(knownAddress: string): Promise<void> {
    await store.reset(knownAddressRule, knownAddress);
    await store.consume(knownAddressRule, knownAddress);
  }

  return {
    async begin(username, address, deviceId) {
      const account = accountKey(username);
      const knownAddress = keyOf(account, "address", address);
      const knownSource = deviceId
        ? keyOf(account, "device", deviceId)
        : (await store.peek(knownAddressRule, knownAddress)) > 0
          ? knownAddress
          : null;

      if (knownSource) {
        const attempt = await store.consume(byKnownSource.failures, knownSource);
        if (!attempt.allowed) return { allowed: false, retryAfterMs: attempt.resetAfterMs };
        return {
          allowed: true,
          async succeeded() {
            await Promise.all([forget(byKnownSource, knownSource), rememberAddress(knownAddress)]);
          },
          async failed() {
            if (attempt.remaining === 0) await lock(byKnownSource, knownSource);
          },
        };
      }

      const attempt = await store.consume(byAccount.failures, account);
      if (!attempt.allowed) return { allowed: false, retryAfterMs: attempt.resetAfterMs };
      const fromAddress = await store.consume(addressRule, address);
      if (!fromAddress.allowed) {
        await store.refund(byAccount.failures, account);
        return { allowed: false, retryAfterMs: fromAddress.resetAfterMs };
      }
      return {
        allowed: true,
        async succeeded() {
          await Promise.all([
            forget(byAccount, account),
            store.refund(addressRule, address),
            rememberAddress(knownAddress),
          ]);
        },
        async failed() {
          if (attempt.remaining === 0) await lock(byAccount, account);
        },
      };
    },
  };
}

/** Usernames are case-insensitive; hashed so arbitrary input never becomes a long store key. */
function accountKey(username: string): string {
  return createHash("sha256").update(username.trim().toLowerCase()).digest("hex").slice(0, 32);
}

/** One device or address of one account. */
function keyOf(account: string, kind: "device" | "address", id: string): string {
  return createHash("sha256").update(`${account}\n${kind}\n${id}`).digest("hex").slice(0, 32);
}
