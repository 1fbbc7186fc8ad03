/** A new password's length (sign-up, a password change, the admin CLI's). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The longest password ever checked against a stored hash (sign-in, the current password):
 * longer ones are refused as wrong without hashing them. Above PASSWORD_MAX for passwords set
 * before that limit existed.
 */
export const CHECKED_PASSWORD_MAX = 1024;
