import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type OpenDatabase, openDatabase } from "@chat/db";
import { channelViewers, type Domain, createDomain, systemClock } from "@chat/domain";
import { LocalBus } from "@chat/events";
import type { ApiContext } from "../src";
import { createCaller, LiveHub } from "../src";

/** One embedded database, one in-process bus and the domain on top, for router tests. */
export interface TestWorld {
  domain: Domain;
  bus: LocalBus;
  live: LiveHub;
  database: OpenDatabase;
  caller(userId: bigint | null, signal?: AbortSignal): ReturnType<typeof createCaller>;
  close(): Promise<void>;
}

export async function createTestWorld(): Promise<TestWorld> {
  const dataDir = mkdtempSync(join(tmpdir(), "chat-api-test-"));
  const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL_FOR_API, dataDir, embeddedPort: 0, embeddedRole: "own" });
  const bus = new LocalBus();
  const urls = { appUrl: "http://app.test", apiUrl: "http://api.test/api/v10", cdnUrl: "http://api.test/cdn", gatewayUrl: "ws://api.test/gateway" };
  const domain = createDomain({ db: database.prisma, bus, urls, clock: systemClock, attachmentSigningKey: "api-test-attachment-signing-key-0123456789" });
  const passwords = { hash: async (password: string) => `plain:${password}` };
  const live = new LiveHub(bus, channelViewers(database.prisma));
  return {
    domain,
    bus,
    live,
    database,
    caller: (userId, signal) => createCaller({ domain, bus, live, passwords, sessionUserId: userId } satisfies ApiContext, { signal }),
    async close() {
      live.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The message a server-side subscription yielded (tracked() gives [id, data] in-process). */
export function trackedData<T>(value: unknown): T {
  return (value as [string, T])[1];
}
