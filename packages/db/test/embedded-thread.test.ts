import { rmSync } from "node:fs";
import { threadId } from "node:worker_threads";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "../src/embedded";
import { freshEmbeddedDataDir } from "../src/testing/embedded-template";

describe("the embedded database's thread", () => {
  let dataDir: string;
  let database: EmbeddedDatabase;

  beforeAll(async () => {
    dataDir = await freshEmbeddedDataDir("chat-db-thread-");
    database = await startEmbeddedDatabase({ dataDir, port: 0 });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is not the caller's: PGlite runs in a worker thread of its own", () => {
    expect(database.threadId).not.toBe(threadId);
    expect(database.threadId).toBeGreaterThan(0);
  });

  it("leaves the caller's event loop free while a long query runs (its timers keep firing)", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      let ticks = 0;
      const timer = setInterval(() => {
        ticks += 1;
      }, 5);
      const started = performance.now();
      const { rows } = await client.query(
        "SELECT count(*)::int AS n FROM generate_series(1, 3000000) AS g(x) WHERE x % 7 = 0",
      );
      const tookMs = performance.now() - started;
      clearInterval(timer);
      expect(rows[0].n).toBe(428571);
      // The query ran long enough for the check to mean something; on the caller's own thread no timer could fire during it.
      expect(tookMs).toBeGreaterThan(50);
      expect(ticks).toBeGreaterThanOrEqual(3);
    } finally {
      await client.end();
    }
  });

  it("closes once however many times it is asked", async () => {
    const dir = await freshEmbeddedDataDir("chat-db-thread-close-");
    const other = await startEmbeddedDatabase({ dataDir: dir, port: 0 });
    try {
      await Promise.all([other.close(), other.close()]);
      await other.close();
      const client = new pg.Client({ connectionString: other.url, connectionTimeoutMillis: 2_000 });
      client.on("error", () => {});
      await expect(client.connect()).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
