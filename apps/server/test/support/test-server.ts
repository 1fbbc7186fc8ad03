import { createServerLogger, type Logger } from "../../src/logging/logger";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshEmbeddedDataDir } from "@chat/db/testing/embedded-template";
import { type Clock, Permission, type PublicUrls } from "@chat/domain";
import pg from "pg";
import type { LiveKitAccess } from "@chat/voice";
import type { TrustProxy } from "../../src/env";
import type { GatewayOptions } from "../../src/gateway";
import { type RunningServer, startServer } from "../../src/server";

/**
 * Test deployments. Storage follows the environment: TEST_DATABASE_URL (an admin URL of a
 * PostgreSQL server) gives each server its own fresh database there, otherwise an embedded
 * PGlite folder in a temporary directory. TEST_REDIS_URL switches events to Redis.
 */
export const storageMode = process.env.TEST_DATABASE_URL ? "postgres" : "embedded";

export interface TestStorage {
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  redisNamespace: string;
  drop(): Promise<void>;
}

/** `adminUrl` and `redisUrl` default to TEST_DATABASE_URL and TEST_REDIS_URL (the campaigns pass their own). */
export async function createTestStorage(options: { adminUrl?: string; redisUrl?: string } = {}): Promise<TestStorage> {
  const admin = "adminUrl" in options ? options.adminUrl : process.env.TEST_DATABASE_URL;
  const dataDir = admin ? mkdtempSync(join(tmpdir(), "chat-test-")) : await freshEmbeddedDataDir("chat-test-");
  const redisNamespace = `test-${randomBytes(6).toString("hex")}`;
  const redisUrl = ("redisUrl" in options ? options.redisUrl : process.env.TEST_REDIS_URL) || undefined;
  if (!admin) {
    return {
      dataDir,
      redisUrl,
      redisNamespace,
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `chat_test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    redisUrl,
    redisNamespace,
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestServer {
  server: RunningServer;
  storage: TestStorage;
  /** Base for discord.js `rest.api`: http://127.0.0.1:PORT/api */
  api: string;
  /** http://127.0.0.1:PORT/api/v10 */
  base: string;
  seed: ReturnType<typeof seeder>;
  close(): Promise<void>;
}

function urlsFor(port: number): PublicUrls {
  const root = `http://127.0.0.1:${port}`;
  return {
    appUrl: "http://127.0.0.1:3000",
    apiUrl: `${root}/api/v10`,
    cdnUrl: `${root}/cdn`,
    gatewayUrl: `ws://127.0.0.1:${port}/gateway`,
  };
}

/**
 * Starts a node on a free port with its own storage. Pass `storage` to restart on the same data.
 * With a controllable `clock` the housekeeping timer is off: the test runs `domain.housekeeping.run()`.
 */
export async function startTestServer(
  options: {
    clock?: Clock;
    storage?: TestStorage;
    gateway?: Partial<GatewayOptions>;
    housekeepingIntervalMs?: number;
    /** How often unanswered interactions are failed (the server's default 250 ms; 0: the test calls expireOverdue itself). */
    interactionDeadlineIntervalMs?: number;
    rateLimits?: boolean;
    trustProxy?: TrustProxy;
    /** Default: a free one. */
    port?: number;
    /** The media server voice runs on (default: none, voice is off). */
    livekit?: LiveKitAccess;
    /** The node's log (default: silent, or LOG_LEVEL's level on stdout when the test run sets it). */
    logger?: Logger;
    /** Serves Prometheus metrics on a free port of its own (`server.metricsUrl`); default: off. */
    metrics?: boolean;
  } = {},
): Promise<TestServer> {
  const storage = options.storage ?? (await createTestStorage());
  // The port must be known before the public URLs are; bind first, then point URLs at it.
  const server = await startServer({
    databaseUrl: storage.databaseUrl,
    dataDir: storage.dataDir,
    embeddedPort: 0,
    redisUrl: storage.redisUrl,
    redisNamespace: storage.redisNamespace,
    clock: options.clock,
    gateway: options.gateway,
    housekeepingIntervalMs: options.housekeepingIntervalMs ?? (options.clock ? 0 : 30_000),
    interactionDeadlineIntervalMs: options.interactionDeadlineIntervalMs,
    rateLimits: options.rateLimits,
    // Explicit, so a TRUST_PROXY in the test's environment changes nothing: off unless a test asks.
    trustProxy: options.trustProxy ?? false,
    livekit: options.livekit,
    logger: options.logger ?? createServerLogger({ level: process.env.LOG_LEVEL || "silent" }),
    // Explicit, so a METRICS_PORT in the test's environment changes nothing.
    metricsPort: options.metrics ? 0 : undefined,
    port: options.port ?? 0,
    host: "127.0.0.1",
    urls: urlsFor(0),
  });
  Object.assign(server.ctx.urls, urlsFor(server.port));
  return {
    server,
    storage,
    api: `${server.url}/api`,
    base: `${server.url}/api/v10`,
    seed: seeder(server),
    async close() {
      await server.close();
      if (!options.storage) await storage.drop();
    },
  };
}

/** Builds data through the domain services, as the web app and the CLI do. */
export function seeder(server: Pick<RunningServer, "ctx">) {
  const domain = server.ctx.domain;
  let n = 0;
  return {
    async person(username = `person${++n}_${randomBytes(3).toString("hex")}`) {
      return domain.users.createPerson({ username, passwordHash: "not-a-login" });
    },
    async guild(ownerId: bigint, name = "Test Guild") {
      return domain.guilds.create(ownerId, name);
    },
    async app(ownerId: bigint, name = `Bot ${++n}`) {
      return domain.applications.create(ownerId, name);
    },
    /** A new bot (an application of the guild's owner) added by the owner to `world`'s guild, holding `permissions` through its role. */
    async bot(world: { owner: { id: bigint }; guild: { id: bigint } }, permissions: bigint) {
      const app = await this.app(world.owner.id);
      await domain.members.addBot(world.owner.id, world.guild.id, app.application.id, permissions);
      return app;
    },
    /** A person owning a guild with a bot in it holding `permissions` through its role. */
    async world(
      permissions: bigint = Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory,
    ) {
      const owner = await this.person();
      const guild = await this.guild(owner.id);
      const app = await this.bot({ owner, guild }, permissions);
      const text = guild.channels.find((c) => c.type === 0)!;
      const voice = guild.channels.find((c) => c.type === 2)!;
      return { owner, guild, text, voice, app, token: app.botToken, botUserId: app.botUser.id };
    },
  };
}
