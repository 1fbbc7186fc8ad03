import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Web sign-in configuration, read at run time (never at build time): the session secret and
 * the public address next-auth builds its links from.
 */
/** Environment variables (process.env or a test stand-in). */
export type Env = Record<string, string | undefined>;

export interface AuthEnv {
  secret: string;
  /** NEXTAUTH_URL, else PUBLIC_APP_URL, else http://localhost:${WEB_PORT||3000} */
  url: string;
}

/** NEXTAUTH_SECRET, or one generated once and kept in DATA_DIR (like the events' internal secret). */
export function sessionSecret(env: Env = process.env): string {
  if (env.NEXTAUTH_SECRET) return env.NEXTAUTH_SECRET;
  const dir = resolve(/*turbopackIgnore: true*/ env.DATA_DIR || "./data");
  const file = join(dir, "nextauth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    // Another process wrote it first.
    return readFileSync(file, "utf8").trim();
  }
}

export function publicAppUrl(env: Env = process.env): string {
  return (env.NEXTAUTH_URL || env.PUBLIC_APP_URL || `http://localhost:${env.WEB_PORT || "3000"}`).replace(/\/$/, "");
}

/**
 * Reads the configuration and makes sure next-auth sees NEXTAUTH_URL (it reads the variable
 * itself when it builds callback and redirect addresses).
 */
export function readAuthEnv(env: Env = process.env): AuthEnv {
  const url = publicAppUrl(env);
  env.NEXTAUTH_URL ||= url;
  return { secret: sessionSecret(env), url };
}

/** NEXTAUTH_SECRET as configured (unset: one is generated into DATA_DIR on first use). */
export function configuredSessionSecret(env: Env = process.env): string | undefined {
  return env.NEXTAUTH_SECRET || undefined;
}
