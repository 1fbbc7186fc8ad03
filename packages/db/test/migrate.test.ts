import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations } from "../src";
import { openDatabase } from "../src/open";
import { freshEmbeddedDataDir } from "../src/testing/embedded-template";

describe("database opening and migrations", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "chat-db-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("applies every migration once on a new embedded database and keeps data across reopening", async () => {
    const first = await openDatabase({ dataDir, embeddedPort: 0 });
    expect(await applyMigrations(first.url)).toEqual([]);
    const user = await first.prisma.user.create({ data: { username: "kept" } });
    const guild = await first.prisma.guild.create({ data: { name: "G", ownerId: user.id } });
    // One sequence for every table: ids never collide across kinds.
    expect(guild.id).toBeGreaterThan(user.id);
    await first.close();

    const second = await openDatabase({ dataDir, embeddedPort: 0 });
    try {
      expect((await second.prisma.user.findUnique({ where: { username: "kept" } }))?.id).toBe(user.id);
    } finally {
      await second.close();
    }
  });

  it("lets another process join the embedded database the owner serves", async () => {
    const ownerDir = await freshEmbeddedDataDir("chat-db-own-");
    const owner = await openDatabase({ dataDir: ownerDir, embeddedPort: 0 });
    try {
      const joiner = await openDatabase({
        dataDir: ownerDir,
        embeddedPort: owner.embedded?.port,
        embeddedRole: "join",
      });
      await joiner.prisma.user.create({ data: { username: "from_joiner" } });
      expect(await owner.prisma.user.count({ where: { username: "from_joiner" } })).toBe(1);
      await joiner.close();
    } finally {
      await owner.close();
    }
  });

  if (process.env.TEST_DATABASE_URL) {
    it("migrates a PostgreSQL database once even when several nodes start together", async () => {
      const admin = process.env.TEST_DATABASE_URL as string;
      const name = `chat_migrate_${Date.now()}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      try {
        const results = await Promise.all([
          applyMigrations(url.toString()),
          applyMigrations(url.toString()),
          applyMigrations(url.toString()),
        ]);
        expect(results.flat()).toHaveLength(results.find((r) => r.length > 0)?.length ?? -1);
      } finally {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      }
    });
  }
});

describe("the embedded database under concurrent connections", () => {
  it("keeps each connection's parameterised queries and transactions apart", async () => {
    const owner = await openDatabase({ dataDir: await freshEmbeddedDataDir("chat-db-concurrent-"), embeddedPort: 0 });
    const pools = [
      new pg.Pool({ connectionString: owner.url, max: 5 }),
      new pg.Pool({ connectionString: owner.url, max: 5 }),
    ];
    try {
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 60; i++) {
        const pool = pools[i % 2] as pg.Pool;
        work.push(
          i % 3 === 0
            ? pool
                .query("SELECT $1::int + $2::int + $3::int AS v", [i, 1, 1])
                .then((r) => expect(r.rows[0].v).toBe(i + 2))
            : pool.query("SELECT $1::int AS v", [i]).then((r) => expect(r.rows[0].v).toBe(i)),
        );
      }
      work.push(owner.prisma.$transaction(async (tx) => tx.user.create({ data: { username: "in_tx" } })));
      await Promise.all(work);
      expect(await owner.prisma.user.count({ where: { username: "in_tx" } })).toBe(1);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await owner.close();
    }
  });
});
