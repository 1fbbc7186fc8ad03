import type { BucketRule } from "./buckets";

/**
 * The web app's limits for people that the spec's Limits table does not name (its rows apply
 * to people too: see MESSAGE_CREATE_LIMIT). Documented in the README's Configuration section.
 */

/** Accounts created from one client address per hour. */
export const DEFAULT_SIGN_UPS_PER_HOUR = 5;

export function signUpLimit(perHour = DEFAULT_SIGN_UPS_PER_HOUR): BucketRule {
  return { name: "signup", points: perHour, durationSeconds: 3600, per: "address" };
}

export interface SignInLimits {
  /** Failed sign-ins to one account (known or not) within `accountWindowSeconds` before it locks. */
  accountFailures: number;
  accountWindowSeconds: number;
  /** The first lockout; each further one within `lockoutMemorySeconds` doubles, up to the max. */
  firstLockoutSeconds: number;
  maxLockoutSeconds: number;
  lockoutMemorySeconds: number;
  /** Failed sign-ins from one client address, whatever the account, within `addressWindowSeconds`. */
  addressFailures: number;
  addressWindowSeconds: number;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  accountFailures: 5,
  accountWindowSeconds: 15 * 60,
  firstLockoutSeconds: 60,
  maxLockoutSeconds: 60 * 60,
  lockoutMemorySeconds: 24 * 60 * 60,
  addressFailures: 30,
  addressWindowSeconds: 15 * 60,
};
