import type { BucketRule } from "./buckets";

/**
 * The web app's limits for people that the spec's Limits table does not name (its rows apply
 * to people too: see MESSAGE_CREATE_LIMIT). Documented in the README's Configuration section.
 */

/** Accounts created from one client address per hour. */
export const DEFAULT_SIGN_UPS_PER_HOUR = 5;

/**
 * Sign-up attempts from one client address per hour, refused ones (a weak password, a taken
 * name) included: each may cost a password check and a hash, so all are counted before either.
 * Enough for a person who tries a few passwords before one passes.
 */
export const DEFAULT_SIGN_UP_ATTEMPTS_PER_HOUR = 20;

export interface SignUpLimits {
  /** Every sign-up attempt, counted first and never given back. */
  attempts: BucketRule;
  /** Accounts created: counted before the account is made, given back when none was. */
  accounts: BucketRule;
}

export function signUpLimits(perHour: { accounts?: number; attempts?: number } = {}): SignUpLimits {
  return {
    attempts: {
      name: "signup.attempt",
      points: perHour.attempts ?? DEFAULT_SIGN_UP_ATTEMPTS_PER_HOUR,
      durationSeconds: 3600,
      per: "address",
    },
    accounts: {
      name: "signup",
      points: perHour.accounts ?? DEFAULT_SIGN_UPS_PER_HOUR,
      durationSeconds: 3600,
      per: "address",
    },
  };
}

/**
 * Checks of a signed-in person's current password (changing it, deleting the account), together:
 * each costs a hash, and a new password a strength check. Wrong ones also count into the
 * account's sign-in throttle.
 */
export const PASSWORD_CHECK_LIMIT: BucketRule = {
  name: "account.password",
  points: 5,
  durationSeconds: 15 * 60,
  per: "bot",
};

/**
 * Read-position acknowledgements of one person, over all their channels: one each time a
 * channel is opened or read to its end is normal; a flood (a client acknowledging every
 * message of a busy channel) is refused.
 */
export const READ_ACK_LIMIT: BucketRule = { name: "read.ack", points: 10, durationSeconds: 5, per: "bot" };

/**
 * Commands used and components clicked by one person, over all channels: each one wakes a bot
 * and waits for its answer, so a person is held to about two a second.
 */
export const INTERACTION_LIMIT: BucketRule = { name: "interaction", points: 10, durationSeconds: 5, per: "bot" };

/** Autocomplete requests of one person while typing (debounced by the app to about four a second at most). */
export const AUTOCOMPLETE_LIMIT: BucketRule = {
  name: "interaction.autocomplete",
  points: 20,
  durationSeconds: 5,
  per: "bot",
};

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
  /**
   * How long an address an account signed in from stays known to it (from the last success
   * there): sign-ins from it are counted apart from the account's lock, like a known device's.
   * At most 24 days (the in-memory counters' timers cannot wait longer).
   */
  knownAddressSeconds: number;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  accountFailures: 5,
  accountWindowSeconds: 15 * 60,
  firstLockoutSeconds: 60,
  maxLockoutSeconds: 60 * 60,
  lockoutMemorySeconds: 24 * 60 * 60,
  addressFailures: 30,
  addressWindowSeconds: 15 * 60,
  knownAddressSeconds: 14 * 24 * 60 * 60,
};

/**
 * Changes of one person's display name or picture: each reaches everyone who shares a guild
 * with them (and bots), so 10 per 10 minutes.
 */
export const PROFILE_UPDATE_LIMIT: BucketRule = {
  name: "profile.update",
  points: 10,
  durationSeconds: 600,
  per: "bot",
};

/**
 * Bytes one person may upload per hour, files for messages and for commands alike (every file
 * a person sends is uploaded first): ten full 25 MB messages. A person sharing files never
 * meets it; a script storing 5 MB files as fast as it can is stopped within seconds.
 */
export const UPLOAD_BYTES_PER_HOUR = 250 * 1024 * 1024;
export const UPLOAD_BYTES_LIMIT: BucketRule = {
  name: "upload.bytes",
  points: UPLOAD_BYTES_PER_HOUR,
  durationSeconds: 3600,
  per: "bot",
};
