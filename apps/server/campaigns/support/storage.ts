import { readFile } from "node:fs/promises";
import { createTestStorage, type TestStorage } from "../../test/support/test-server";

/**
 * The storage a campaign runs on: PostgreSQL with CAMPAIGN_DATABASE_URL (an admin URL; a fresh
 * database is made there) and Redis with CAMPAIGN_REDIS_URL, else the embedded database.
 * Under the test suite, its own TEST_DATABASE_URL and TEST_REDIS_URL choose the same way.
 */
export function campaignStorage(): Promise<TestStorage> {
  return createTestStorage({
    adminUrl: process.env.CAMPAIGN_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    redisUrl: process.env.CAMPAIGN_REDIS_URL ?? process.env.TEST_REDIS_URL,
  });
}

export const storageName = (storage: TestStorage): string =>
  storage.databaseUrl ? (storage.redisUrl ? "PostgreSQL + Redis" : "PostgreSQL") : "embedded";

/** The resident memory of process `pid` in bytes (Linux's /proc). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}
