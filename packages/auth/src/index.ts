export { hashPassword, verifyPassword } from "./password";
export { type AccountLookup, type CredentialsResult, SUSPENDED_ERROR, checkCredentials } from "./credentials";
export {
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  type DeviceCookie,
  deviceCookieFor,
  deviceCookieName,
  deviceIdFor,
} from "./device-cookie";
export { type AuthEnv, publicAppUrl, readAuthEnv, sessionSecret } from "./env";
export { type AuthDependencies, createAuthOptions, type SignInHeaders, type WebSessionStore } from "./options";
export { CHECKED_PASSWORD_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./password-limits";
export {
  checkPasswordStrength,
  JUDGED_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE,
  type PasswordStrength,
} from "./password-strength";
export {
  createSessionCookieReader,
  type RequestCookies,
  type SessionClaims,
  type SessionUser,
  sessionClaimsOf,
} from "./session-cookie";
