export { hashPassword, verifyPassword } from "./password";
export { type AccountLookup, type CredentialsResult, SUSPENDED_ERROR, checkCredentials } from "./credentials";
export { type AuthEnv, publicAppUrl, readAuthEnv, sessionSecret } from "./env";
export { type SessionUser, createAuthOptions, sessionUserOf } from "./options";
