import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The shared secret between the hub (server) and its clients (web app, CLI): the configured one
 * (INTERNAL_SECRET), or one generated once and kept in the data folder (DATA_DIR).
 */
export function internalSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = join(resolve(dataDir), "internal-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(resolve(dataDir), { recursive: true });
  const secret = randomBytes(24).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
