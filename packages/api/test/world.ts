import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword, verifyPassword } from "@chat/auth";
import { type OwnedDatabase as OpenDatabase, openDatabase } from "@chat/db/open";
import { freshEmbeddedDataDir } from "@chat/db/testing/embedded-template";
import { channelViewers, createDomain, type Domain, systemClock } from "@chat/domain";
import { type EventBus, LocalBus, RedisBus } from "@chat/events";
import { memoryPresence, type Presence, redisPresence, TabPresence } from "@chat/presence";
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
  signUpLimits,
} from "@chat/rate-limit";
import pg from "pg";
import type { ApiContext, SessionCookie } from "../src";
import { createCaller, LiveHub } from "../src";

/** Passes the password rule (zxcvbn score 4); the people of router tests sign up with it. */
export const STRONG_PASSWORD = "violet tractor mirror";

/** The address callers come from unless a test names another. */
export const TEST_ADDRESS = "192.0.2.1";

/**
 * One database, one bus, the domain on top, the live streams, people's presence and a
 * rate-limit store, for router tests. Storage follows the environment as the server's tests
 * do: TEST_DATABASE_URL (a PostgreSQL admin URL) gives the world a fresh database there, else
 * an embedded one;
 * TEST_REDIS_URL puts the events (a stream of the world's own), the presences and the
 * rate-limit counters (a namespace of their own) in Redis, else in this process.
 */
export interface TestWorld {
  domain: Domain;
  bus: EventBus;
  live: LiveHub;
  /** Who is online: people by the live streams' tabs, with `tabGraceMs` (in memory, or in Redis with TEST_REDIS_URL). */
  presence: Presence;
  /** TEST_REDIS_URL, and the world's own namespace on it (events stream `chat:events:<namespace>`). */
  redis: { url: string; namespace: string } | null;
  database: OpenDatabase;
  rateLimits: RateLimitStore;
  /** Calls as `userId` with a web session of theirs (started on first use), or signed out (null), from `address`. */
  caller(userId: bigint | null, signal?: AbortSignal, address?: string): ReturnType<typeof createCaller>;
  /** The context a signed-in caller gets (for tRPC's HTTP handler in tests of batched requests). */
  context(userId: bigint | null, address?: string): Promise<ApiContext>;
  /** Signs the person in: a new web session, as the sign-in does. */
  signIn(userId: bigint): Promise<SessionCookie>;
  /** Calls with exactly this session cookie (one that may have ended). */
  callerWith(session: SessionCookie, signal?: AbortSignal): ReturnType<typeof createCaller>;
  /** A new person, signed up through the app's sign-up procedure; answers their id. */
  signUp(username: string): Promise<bigint>;
  /** A new guild of a new person `ownerName` with `memberName` in it too, and its first text channel. */
  guildOfTwo(
    ownerName: string,
    memberName: string,
  ): Promise<{ owner: bigint; member: bigint; guildId: string; channelId: string }>;
  close(): Promise<void>;
}

export interface TestWorldOptions {
  /**
   * Accounts one address may create per hour. Default: lax (router tests sign up many people
   * from one address); tests of the limit itself pass the real one.
   */
  signUpsPerHour?: number;
  /** Sign-up attempts (refused ones too) one address may make per hour. Default: lax, as signUpsPerHour. */
  signUpAttemptsPerHour?: number;
  /**
   * Tabs keep their people online, with this grace after the last one closes. Unset: tabs
   * report no presence (tests that count a stream's exact events would see the person's own).
   */
  tabGraceMs?: number;
}

/** The web app's own password hashing (argon2id). */
const passwords = { hash: hashPassword, verify: verifyPassword };

export async function createTestWorld(options: TestWorldOptions = {}): Promise<TestWorld> {
  const postgres = await freshPostgresDatabase();
  const dataDir = postgres
    ? mkdtempSync(join(tmpdir(), "chat-api-test-"))
    : await freshEmbeddedDataDir("chat-api-test-");
  const database = await openDatabase({ databaseUrl: postgres?.url, dataDir, embeddedPort: 0, embeddedRole: "own" });
  const redisUrl = process.env.TEST_REDIS_URL || undefined;
  const namespace = `api-test-${randomBytes(6).toString("hex")}`;
  const redisBus = redisUrl ? new RedisBus(redisUrl, `chat:events:${namespace}`) : null;
  await redisBus?.whenReady();
  const bus: EventBus = redisBus ?? new LocalBus();
  const urls = {
    appUrl: "http://app.test",
    apiUrl: "http://api.test/api/v10",
    cdnUrl: "http://api.test/cdn",
    gatewayUrl: "ws://api.test/gateway",
  };
  const domain = createDomain({
    db: database.prisma,
    bus,
    urls,
    clock: systemClock,
    attachmentSigningKey: "api-test-attachment-signing-key-0123456789",
  });
  const guildIdsOf = async (userId: string) => (await domain.guilds.guildIdsOf(BigInt(userId))).map(String);
  const presence =
    redisUrl && redisBus
      ? redisPresence({ guildIdsOf, redisUrl, namespace, channel: redisBus.channel })
      : memoryPresence({ guildIdsOf, bus });
  const tabs =
    options.tabGraceMs === undefined ? undefined : new TabPresence(presence.tracker, { graceMs: options.tabGraceMs });
  const live = new LiveHub(bus, channelViewers(database.prisma), { presence: tabs });
  const rateLimits = redisUrl ? createRedisRateLimitStore(redisUrl, namespace) : createMemoryRateLimitStore(namespace);
  const limits = signUpLimits({
    accounts: options.signUpsPerHour ?? 1000,
    attempts: options.signUpAttemptsPerHour ?? 1000,
  });
  const contextWith = (session: SessionCookie | null, address = TEST_ADDRESS): ApiContext => ({
    domain,
    bus,
    live,
    presences: presence.store,
    passwords,
    session,
    rateLimits,
    signUpLimits: limits,
    clientAddress: address,
  });
  const sessions = new Map<bigint, Promise<SessionCookie>>();
  const signIn = async (userId: bigint): Promise<SessionCookie> => ({
    sessionId: (await domain.webSessions.start(userId)).id,
    userId,
  });
  const sessionOf = (userId: bigint): Promise<SessionCookie> => {
    if (!sessions.has(userId)) sessions.set(userId, signIn(userId));
    return sessions.get(userId) as Promise<SessionCookie>;
  };
  const context = async (userId: bigint | null, address?: string) =>
    contextWith(userId === null ? null : await sessionOf(userId), address);
  const caller = (userId: bigint | null, signal?: AbortSignal, address?: string) =>
    createCaller(() => context(userId, address), { signal });
  const signUp = async (username: string) =>
    BigInt((await caller(null).account.signUp({ username, password: STRONG_PASSWORD })).id);
  return {
    domain,
    bus,
    live,
    presence,
    redis: redisUrl ? { url: redisUrl, namespace } : null,
    database,
    rateLimits,
    context,
    caller,
    signIn,
    signUp,
    async guildOfTwo(ownerName, memberName) {
      const owner = await signUp(ownerName);
      const member = await signUp(memberName);
      const { guild, firstChannelId } = await caller(owner).guilds.create({ name: `${ownerName}'s` });
      await domain.members.addPerson(BigInt(guild.id), member);
      return { owner, member, guildId: guild.id, channelId: firstChannelId as string };
    },
    callerWith: (session, signal) => createCaller(contextWith(session), { signal }),
    async close() {
      live.close();
      tabs?.close();
      await presence.close();
      await rateLimits.close();
      await bus.close();
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
