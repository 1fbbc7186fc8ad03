export { hashPassword, verifyPassword } from "./password";
export { type AccountLookup, type CredentialsResult, SUSPENDED_ERROR, checkCredentials } from "./credentials";
export { type AuthEnv, publicAppUrl, readAuthEnv, sessionSecret } from "./env";
export { type AuthDependencies, type SessionUser, type SignInHeaders, createAuthOptions, sessionUserOf } from "./options";
export { checkPasswordStrength, MIN_PASSWORD_SCORE, type PasswordStrength } from "./password-strength";
