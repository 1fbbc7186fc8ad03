import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createPrismaClient, type Db, hotQuery } from "../src";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "../src/embedded";
import { freshEmbeddedDataDir } from "../src/testing/embedded-template";

/** The hot paths' statements skip Prisma's engine but must give the values its raw queries give. */
describe("hotQuery", () => {
  let dataDir: string;
  let database: EmbeddedDatabase;
  let db: Db;

  beforeAll(async () => {
    dataDir = await freshEmbeddedDataDir("chat-db-hot-");
    database = await startEmbeddedDatabase({ dataDir, port: 0 });
    db = createPrismaClient(database.url, 2, undefined, { embedded: true });
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 64-bit integers and arrays of them as bigint, timestamps without a zone as UTC, as $queryRaw does", async () => {
    // A machine whose zone is not UTC: node-postgres would read `timestamp` columns as local time.
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    const sql = `SELECT $1::bigint AS id, ARRAY[$1::bigint, NULL, 1]::bigint[] AS ids, '2026-11-28 09:08:42.123'::timestamp(3) AS at, 7::int AS n, '{"a":1}'::jsonb AS j, true AS b`;
    const [hot] = await hotQuery<Record<string, unknown>>(db, sql, [9007199254740993n]);
    const [viaPrisma] = await db.$queryRawUnsafe<Record<string, unknown>[]>(sql, 9007199254740993n);
    expect(hot).toEqual({
      id: 9007199254740993n,
      ids: [9007199254740993n, null, 1n],
      at: new Date("2026-11-28T09:08:42.123Z"),
      n: 7,
      j: { a: 1 },
      b: true,
    });
    expect(hot).toEqual(viaPrisma);
  });

  it("runs the same statement on several connections at once: their one embedded session holds no named statements to collide", async () => {
    const text = "SELECT $1::int + 1 AS n";
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => hotQuery(db, text, [n])));
    expect(answers).toEqual(Array.from({ length: 20 }, (_, n) => [{ n: n + 1 }]));
    const prepared = await hotQuery<{ name: string }>(db, "SELECT name FROM pg_prepared_statements", []);
    expect(prepared).toEqual([]);
  });

  it("reached by its URL as if it were PostgreSQL, its connections' named statements would collide in its one session: they go unnamed instead", async () => {
    const asIfPostgres = createPrismaClient(database.url, 3);
    onTestFinished(() => asIfPostgres.$disconnect());
    const text = "SELECT $1::int * 2 AS n";
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => hotQuery(asIfPostgres, text, [n])));
    expect(answers).toEqual(Array.from({ length: 20 }, (_, n) => [{ n: n * 2 }]));
    expect(await hotQuery(asIfPostgres, text, [21])).toEqual([{ n: 42 }]);
  });

  it("refuses a client that has no driver of its own (a transaction's), rather than guessing one", async () => {
    await db.$transaction(async (tx) => {
      await expect(hotQuery(tx as unknown as Db, "SELECT 1", [])).rejects.toThrow(/createPrismaClient/);
    });
  });
});
