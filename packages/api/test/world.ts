import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type OpenDatabase, openDatabase } from "@chat/db";
import { channelViewers, type Domain, createDomain, systemClock } from "@chat/domain";
import { LocalBus } from "@chat/events";
import { createRateLimitStore, type RateLimitStore, signUpLimit } from "@chat/rate-limit";
import pg from "pg";
import type { ApiContext } from "../src";
import { createCaller, LiveHub } from "../src";

/** Passes the password rule (zxcvbn score 4); the people of router tests sign up with it. */
export const STRONG_PASSWORD = "violet tractor mirror";

/** The address callers come from unless a test names another. */
export const TEST_ADDRESS = "192.0.2.1";

/**
 * One database, one in-process bus, the domain on top and a rate-limit store, for router tests.
 * Storage follows the environment as the server's tests do: TEST_DATABASE_URL (a PostgreSQL
 * admin URL) gives the world a fresh database there, else an embedded one; TEST_REDIS_URL puts
 * the rate-limit counters in Redis (under a namespace of their own), else in memory.
 */
export interface TestWorld {
  domain: Domain;
  bus: LocalBus;
  live: LiveHub;
  database: OpenDatabase;
  rateLimits: RateLimitStore;
  caller(userId: bigint | null, signal?: AbortSignal, address?: string): ReturnType<typeof createCaller>;
  /** The context a caller gets (for tRPC's HTTP handler in tests of batched requests). */
  context(userId: bigint | null, address?: string): ApiContext;
  close(): Promise<void>;
}

export interface TestWorldOptions {
  /**
   * Accounts one address may create per hour. Default: lax (router tests sign up many people
   * from one address); tests of the limit itself pass the real one.
   */
  signUpsPerHour?: number;
}

export async function createTestWorld(options: TestWorldOptions = {}): Promise<TestWorld> {
  const dataDir = mkdtempSync(join(tmpdir(), "chat-api-test-"));
  const postgres = await freshPostgresDatabase();
  const database = await openDatabase({ databaseUrl: postgres?.url, dataDir, embeddedPort: 0, embeddedRole: "own" });
  const bus = new LocalBus();
  const urls = { appUrl: "http://app.test", apiUrl: "http://api.test/api/v10", cdnUrl: "http://api.test/cdn", gatewayUrl: "ws://api.test/gateway" };
  const domain = createDomain({ db: database.prisma, bus, urls, clock: systemClock, attachmentSigningKey: "api-test-attachment-signing-key-0123456789" });
  const passwords = { hash: async (password: string) => `plain:${password}` };
  const live = new LiveHub(bus, channelViewers(database.prisma));
  const rateLimits = createRateLimitStore({ redisUrl: process.env.TEST_REDIS_URL || undefined, namespace: `api-test-${randomBytes(6).toString("hex")}` });
  const limit = signUpLimit(options.signUpsPerHour ?? 1000);
  const context = (userId: bigint | null, address = TEST_ADDRESS): ApiContext => ({ domain, bus, live, passwords, sessionUserId: userId, rateLimits, signUpLimit: limit, clientAddress: address });
  return {
    domain,
    bus,
    live,
    database,
    rateLimits,
    context,
    caller: (userId, signal, address) => createCaller(context(userId, address), { signal }),
    async close() {
      live.close();
      await rateLimits.close();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const name = `chat_api_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The message a server-side subscription yielded (tracked() gives [id, data] in-process). */
export function trackedData<T>(value: unknown): T {
  return (value as [string, T])[1];
}
