export { hashPassword, verifyPassword } from "./password";
export { type AccountLookup, type CredentialsResult, SUSPENDED_ERROR, checkCredentials } from "./credentials";
export { type AuthEnv, publicAppUrl, readAuthEnv, sessionSecret } from "./env";
export { type AuthDependencies, createAuthOptions, type SignInHeaders, type WebSessionStore } from "./options";
export { checkPasswordStrength, MIN_PASSWORD_SCORE, type PasswordStrength } from "./password-strength";
export { createSessionCookieReader, type RequestCookies, type SessionClaims, type SessionUser, sessionClaimsOf } from "./session-cookie";
