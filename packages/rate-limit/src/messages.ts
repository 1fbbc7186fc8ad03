/**
 * What a person reads when a limit refuses them. Pure text, no store: the browser's forms may
 * import this file.
 */

/** Whole seconds to wait, never 0 (the counter may end within the second). */
export function secondsToWait(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

export function tryAgainIn(retryAfterMs: number): string {
  const seconds = secondsToWait(retryAfterMs);
  return `Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
}

/** Whole minutes to wait, for the hourly limits. */
export function tryAgainInMinutes(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

export const tooManySignIns = (retryAfterMs: number) => `Too many sign-in attempts. ${tryAgainIn(retryAfterMs)}`;
export const tooManyPasswordAttempts = (retryAfterMs: number) =>
  `Too many password attempts. ${tryAgainIn(retryAfterMs)}`;
export const tooManySignUps = (retryAfterMs: number) => `Too many sign-up attempts. ${tryAgainIn(retryAfterMs)}`;
export const sendingTooFast = (retryAfterMs: number) =>
  `You are sending messages too quickly. ${tryAgainIn(retryAfterMs)}`;
export const typingTooOften = (retryAfterMs: number) => `Typing is announced too often. ${tryAgainIn(retryAfterMs)}`;
export const usingAppsTooOften = (retryAfterMs: number) =>
  `You are using apps too quickly. ${tryAgainIn(retryAfterMs)}`;
export const askingForChoicesTooOften = (retryAfterMs: number) =>
  `Choices are asked for too often. ${tryAgainIn(retryAfterMs)}`;
export const reactingTooOften = (retryAfterMs: number) => `You are reacting too quickly. ${tryAgainIn(retryAfterMs)}`;
export const pinningTooOften = (retryAfterMs: number) =>
  `You are pinning and unpinning too quickly. ${tryAgainIn(retryAfterMs)}`;
export const changingProfileTooOften = (retryAfterMs: number) =>
  `Your profile was changed too often. ${tryAgainIn(retryAfterMs)}`;
export const makingInvitesTooOften = (retryAfterMs: number) =>
  `You are making invites too quickly. ${tryAgainIn(retryAfterMs)}`;
export const kickingTooOften = (retryAfterMs: number) =>
  `You are removing members too quickly. ${tryAgainIn(retryAfterMs)}`;
export const banningTooOften = (retryAfterMs: number) =>
  `You are banning and unbanning too quickly. ${tryAgainIn(retryAfterMs)}`;
export const changingRolesTooOften = (retryAfterMs: number) =>
  `You are changing members' roles too quickly. ${tryAgainIn(retryAfterMs)}`;
export const uploadedTooMuch = (retryAfterMs: number) =>
  `You have uploaded too much in the last hour. ${tryAgainInMinutes(retryAfterMs)}`;
export const markingReadTooOften = (retryAfterMs: number) =>
  `Messages are marked read too often. ${tryAgainIn(retryAfterMs)}`;

/**
 * A throttled sign-in travels through next-auth as an error code in its redirect address
 * (`SignInThrottled:<seconds>`); the login form turns it back into tooManySignIns.
 */
const SIGN_IN_THROTTLED = "SignInThrottled";

export function signInThrottledError(retryAfterMs: number): string {
  return `${SIGN_IN_THROTTLED}:${secondsToWait(retryAfterMs)}`;
}

/** The wait in milliseconds a signInThrottledError carries, or null for any other error. */
export function signInThrottledWait(error: string | null | undefined): number | null {
  const match = new RegExp(`^${SIGN_IN_THROTTLED}:(\\d{1,9})$`).exec(error ?? "");
  return match ? Number(match[1]) * 1000 : null;
}
