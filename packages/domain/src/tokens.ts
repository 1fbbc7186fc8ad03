import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { parseId } from "./ids";

/** Hash of a secret as stored: tokens and client secrets are never kept in clear. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A bot token: three dot-separated parts, the first the bot's id in base64 (spec authentication rule 2). */
export function createBotToken(botUserId: bigint): string {
  const idPart = Buffer.from(botUserId.toString()).toString("base64").replace(/=+$/, "");
  return `${idPart}.${randomBytes(4).toString("base64url")}.${randomBytes(27).toString("base64url")}`;
}

/** The bot id a token claims, or null when the token is not shaped like one. */
export function botIdFromToken(token: string): bigint | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return null;
  const decoded = Buffer.from(parts[0] as string, "base64").toString("utf8");
  return parseId(decoded);
}
