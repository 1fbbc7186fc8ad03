import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { HubBus, HubClientBus } from "./hub-bus";
import { RedisBus } from "./redis-bus";
import type { EventBus } from "./types";

export type BusRole = "hub" | "client";

/**
 * The shared secret between the hub (server) and its clients (web app, CLI): INTERNAL_SECRET,
 * or one generated once and kept in DATA_DIR.
 */
export function internalSecret(dataDir = process.env.DATA_DIR || "./data"): string {
  if (process.env.INTERNAL_SECRET) return process.env.INTERNAL_SECRET;
  const file = join(resolve(dataDir), "internal-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(resolve(dataDir), { recursive: true });
  const secret = randomBytes(24).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * REDIS_URL set: Redis for every process. Otherwise the server is the hub and the others
 * reach it at SERVER_INTERNAL_URL (default: the server's loopback address).
 */
export function createEventBus(options: { role: BusRole; redisUrl?: string; hubUrl?: string; secret?: string }): EventBus {
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL;
  if (redisUrl) return new RedisBus(redisUrl, `chat:events:${process.env.REDIS_NAMESPACE ?? "default"}`);
  const secret = options.secret ?? internalSecret();
  if (options.role === "hub") return new HubBus(secret);
  const hubUrl =
    options.hubUrl ?? process.env.SERVER_INTERNAL_URL ?? `ws://127.0.0.1:${process.env.SERVER_PORT || 8080}/internal/bus`;
  return new HubClientBus(hubUrl, secret);
}
