import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** Public addresses the domain writes into payloads (links, picture URLs, gateway URL). */
export interface PublicUrls {
  /** Web app, e.g. http://localhost:3000 */
  appUrl: string;
  /** REST root including /api/v10 */
  apiUrl: string;
  /** Picture root */
  cdnUrl: string;
  /** Gateway address, without a query string */
  gatewayUrl: string;
}

export function publicUrlsFromEnv(env: NodeJS.ProcessEnv = process.env): PublicUrls {
  const serverPort = env.SERVER_PORT || "8080";
  const serverUrl = (env.PUBLIC_SERVER_URL || `http://localhost:${serverPort}`).replace(/\/$/, "");
  return {
    appUrl: (env.PUBLIC_APP_URL || `http://localhost:${env.WEB_PORT || "3000"}`).replace(/\/$/, ""),
    apiUrl: `${serverUrl}/api/v10`,
    cdnUrl: (env.PUBLIC_CDN_URL || `${serverUrl}/cdn`).replace(/\/$/, ""),
    gatewayUrl: (env.PUBLIC_GATEWAY_URL || `${serverUrl.replace(/^http/, "ws")}/gateway`).replace(/\/$/, ""),
  };
}

/** The shortest ATTACHMENT_SIGNING_KEY accepted: a short key could be found from one signed URL. */
export const ATTACHMENT_SIGNING_KEY_MIN_LENGTH = 32;

/** ATTACHMENT_SIGNING_KEY when set (refused when shorter than 32 characters), else undefined. */
export function configuredAttachmentSigningKey(
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  const key = env.ATTACHMENT_SIGNING_KEY;
  if (!key) return undefined;
  if (key.length < ATTACHMENT_SIGNING_KEY_MIN_LENGTH) {
    throw new Error(
      `ATTACHMENT_SIGNING_KEY is shorter than ${ATTACHMENT_SIGNING_KEY_MIN_LENGTH} characters (make one with: openssl rand -hex 32)`,
    );
  }
  return key;
}

/** ATTACHMENT_SIGNING_KEY, or one generated once and kept in DATA_DIR (shared by the processes using that folder). */
export function attachmentSigningKeyFromEnv(env: Record<string, string | undefined> = process.env): string {
  return configuredAttachmentSigningKey(env) ?? keptSecret(env.DATA_DIR || "./data", "attachment-signing-key");
}

/**
 * The secret in `dataDir/name`, generated the first time. Written whole under another name and
 * linked into place, so a process starting at the same moment reads either nothing or all of it.
 */
export function keptSecret(dataDir: string, name: string): string {
  const dir = resolve(/*turbopackIgnore: true*/ dataDir);
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const draft = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString("hex")}`);
  writeFileSync(draft, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}
