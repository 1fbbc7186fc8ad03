export { hashPassword, verifyPassword } from "./password";
export { type AccountLookup, type CredentialsResult, SUSPENDED_ERROR, checkCredentials } from "./credentials";
export { type AuthEnv, publicAppUrl, readAuthEnv, sessionSecret } from "./env";
export { createAuthOptions, type WebSessionStore } from "./options";
export { createSessionCookieReader, type RequestCookies, type SessionClaims, type SessionUser, sessionClaimsOf } from "./session-cookie";
