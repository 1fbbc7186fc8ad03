import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword, verifyPassword } from "@chat/auth";
import { type OpenDatabase, openDatabase } from "@chat/db";
import { type Domain, createDomain, systemClock } from "@chat/domain";
import { type EventBus, LocalBus, RedisBus } from "@chat/events";
import pg from "pg";
import type { ApiContext, SessionCookie } from "../src";
import { createCaller } from "../src";

/**
 * One database, one bus and the domain on top, for router tests. Storage follows the
 * environment like the server's tests: TEST_DATABASE_URL (a PostgreSQL admin URL) gives the
 * world a fresh database there, otherwise an embedded one; TEST_REDIS_URL puts the events on
 * Redis (a channel of the world's own), otherwise in-process.
 */
export interface TestWorld {
  domain: Domain;
  bus: EventBus;
  database: OpenDatabase;
  /** Calls as `userId` with a web session of theirs (started on first use), or signed out (null). */
  caller(userId: bigint | null, signal?: AbortSignal): ReturnType<typeof createCaller>;
  /** Signs the person in: a new web session, as the sign-in does. */
  signIn(userId: bigint): Promise<SessionCookie>;
  /** Calls with exactly this session cookie (one that may have ended). */
  callerWith(session: SessionCookie, signal?: AbortSignal): ReturnType<typeof createCaller>;
  close(): Promise<void>;
}

/** The web app's own password hashing (argon2id). */
const passwords = { hash: hashPassword, verify: verifyPassword };

async function freshPostgresDatabase(admin: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `chat_api_test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestWorld(): Promise<TestWorld> {
  const dataDir = mkdtempSync(join(tmpdir(), "chat-api-test-"));
  const postgres = process.env.TEST_DATABASE_URL ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL) : null;
  const database = await openDatabase({ databaseUrl: postgres?.url, dataDir, embeddedPort: 0, embeddedRole: "own" });
  const redisUrl = process.env.TEST_REDIS_URL;
  const bus = redisUrl ? new RedisBus(redisUrl, `chat:events:api-test-${randomBytes(6).toString("hex")}`) : new LocalBus();
  if (bus instanceof RedisBus) await bus.whenReady();
  const urls = { appUrl: "http://app.test", apiUrl: "http://api.test/api/v10", cdnUrl: "http://api.test/cdn", gatewayUrl: "ws://api.test/gateway" };
  const domain = createDomain({ db: database.prisma, bus, urls, clock: systemClock });
  const contextWith = (session: SessionCookie | null): ApiContext => ({ domain, bus, passwords, session });
  const sessions = new Map<bigint, Promise<SessionCookie>>();
  const signIn = async (userId: bigint): Promise<SessionCookie> => ({ sessionId: (await domain.webSessions.start(userId)).id, userId });
  return {
    domain,
    bus,
    database,
    caller(userId, signal) {
      if (userId === null) return createCaller(contextWith(null), { signal });
      if (!sessions.has(userId)) sessions.set(userId, signIn(userId));
      return createCaller(async () => contextWith(await (sessions.get(userId) as Promise<SessionCookie>)), { signal });
    },
    signIn,
    callerWith: (session, signal) => createCaller(contextWith(session), { signal }),
    async close() {
      await bus.close();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The message a server-side subscription yielded (tracked() gives [id, data] in-process). */
export function trackedData<T>(value: unknown): T {
  return (value as [string, T])[1];
}
