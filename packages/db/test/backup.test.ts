import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { writeBackup } from "../src/backup/dump";
import { BACKUP_FORMAT, BACKUP_VERSION } from "../src/backup/format";
import { writeLines } from "../src/backup/lines";
import { RestoreRefused, restoreBackup } from "../src/backup/restore";
import { applyMigrationWithin, createMigrationsTable, knownMigrations } from "../src/migrate";
import { openDatabase } from "../src/open";

const work = mkdtempSync(join(tmpdir(), "chat-db-backup-"));
const cleanups: (() => Promise<void>)[] = [];

/** An empty database of the mode under test: a new embedded data folder, or a new database on TEST_DATABASE_URL's server. */
async function scratchDatabase(): Promise<string> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    const db = await openDatabase({
      dataDir: mkdtempSync(join(work, "data-")),
      embeddedPort: 0,
      embeddedRole: "own",
      migrate: false,
    });
    cleanups.push(() => db.close());
    return db.url;
  }
  const name = `chat_backup_${randomBytes(5).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const one = async <T>(client: pg.Client, sql: string, params: unknown[] = []) =>
  (await client.query(sql, params)).rows[0] as T;

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe("backup files", { timeout: 120_000 }, () => {
  it("a backup made before a migration restores on its own schema, then the newer migrations run on its rows; values and the id sequence come back exactly", async () => {
    const source = await scratchDatabase();
    const older = knownMigrations().filter((m) => m.name < "20261210090000_read_states");
    const bytes = Buffer.from([0, 1, 2, 255, 254, 92, 120, 39, 34, 10]);
    const ids = await withClient(source, async (client) => {
      await client.query("BEGIN");
      await createMigrationsTable(client);
      for (const migration of older) await applyMigrationWithin(client, migration);
      await client.query("COMMIT");
      const id = async (sql: string, params: unknown[] = []) =>
        (await one<{ id: string }>(client, `${sql} RETURNING "id"::text AS id`, params)).id;
      const person = await id(
        `INSERT INTO "User" ("username", "globalName") VALUES ('person', 'Ünïcode "quoted" \\ name')`,
      );
      const bot = await id(`INSERT INTO "User" ("username", "bot") VALUES ('bot', true)`);
      const guild = await id(`INSERT INTO "Guild" ("name", "ownerId") VALUES ('G', $1)`, [person]);
      // A channel in a category made after it: a row pointing at a later row of its own table.
      const channel = await id(`INSERT INTO "Channel" ("guildId", "name", "type") VALUES ($1, 'busy', 0)`, [guild]);
      const category = await id(`INSERT INTO "Channel" ("guildId", "name", "type") VALUES ($1, 'cat', 4)`, [guild]);
      await client.query(`UPDATE "Channel" SET "parentId" = $1 WHERE "id" = $2`, [category, channel]);
      const message = await id(
        `INSERT INTO "Message" ("channelId", "guildId", "authorId", "content") VALUES ($1, $2, $3, 'line one\nline two')`,
        [channel, guild, bot],
      );
      await client.query(`UPDATE "Channel" SET "lastMessageId" = $1 WHERE "id" = $2`, [message, channel]);
      await client.query(
        `INSERT INTO "Attachment" ("messageId", "filename", "size", "data") VALUES ($1, 'f.bin', $2, $3)`,
        [message, bytes.length, bytes],
      );
      await client.query(`INSERT INTO "Member" ("guildId", "userId") VALUES ($1, $2), ($1, $3)`, [guild, person, bot]);
      return { person, channel, category, message, lastId: BigInt(category) > BigInt(message) ? category : message };
    });
    const file = join(work, "older.backup");
    const summary = await writeBackup(source, file, { "attachment-signing-key": Buffer.from("key") });
    expect(summary.migration).toBe(older.at(-1)?.name);

    const target = await scratchDatabase();
    const restored = await restoreBackup(target, file);
    expect(restored.migration).toBe(knownMigrations().at(-1)?.name);
    expect(restored.fileContents).toEqual({ "attachment-signing-key": Buffer.from("key") });
    await withClient(target, async (client) => {
      expect(
        (await client.query(`SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name`)).rows.map(
          (r) => r.migration_name,
        ),
      ).toEqual(knownMigrations().map((m) => m.name));
      expect(await one(client, `SELECT "globalName" FROM "User" WHERE "id" = $1`, [ids.person])).toEqual({
        globalName: 'Ünïcode "quoted" \\ name',
      });
      expect(await one(client, `SELECT "parentId"::text FROM "Channel" WHERE "id" = $1`, [ids.channel])).toEqual({
        parentId: ids.category,
      });
      expect(await one(client, `SELECT "content" FROM "Message" WHERE "id" = $1`, [ids.message])).toEqual({
        content: "line one\nline two",
      });
      expect((await one<{ data: Buffer }>(client, `SELECT "data" FROM "Attachment"`)).data).toEqual(bytes);
      // The read-states migration ran on the restored rows: the person starts with the channel read.
      expect((await client.query(`SELECT "userId"::text, "lastReadMessageId"::text FROM "ReadState"`)).rows).toEqual([
        { userId: ids.person, lastReadMessageId: ids.message },
      ]);
      const next = await one<{ id: string }>(client, `SELECT nextval('global_id_seq')::text AS id`);
      expect(BigInt(next.id)).toBeGreaterThan(BigInt(ids.lastId));
      // The foreign keys are back: a member of no guild is refused.
      await expect(
        client.query(`INSERT INTO "Member" ("guildId", "userId") VALUES (424242, $1)`, [ids.person]),
      ).rejects.toThrow(/foreign key/);
    });
  });

  it("refuses a backup from a newer version, and rolls back a whole restore whose rows break a foreign key", async () => {
    const target = await scratchDatabase();
    await withClient(target, async (client) => {
      await createMigrationsTable(client);
      for (const migration of knownMigrations()) await applyMigrationWithin(client, migration);
      await client.query(`INSERT INTO "User" ("username") VALUES ('already_here')`);
    });
    const header = (migrations: { name: string; checksum: string }[]) => ({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: "",
      server_version: "",
      migrations,
      files: {},
    });
    const known = knownMigrations().map((m) => ({ name: m.name, checksum: m.checksum }));

    const newer = join(work, "newer.backup");
    const out = writeLines(newer);
    await out.write(header([...known, { name: "29991231000000_future", checksum: "0" }]));
    await out.write({ end: { rows: {} } });
    await out.commit();
    const refused = restoreBackup(target, newer, { force: true });
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(refused).rejects.toThrow(
      "the backup's schema has migration 29991231000000_future, which this version does not know",
    );

    const broken = join(work, "broken.backup");
    const bad = writeLines(broken);
    await bad.write(header(known));
    await bad.write({
      table: "Member",
      columns: [
        { name: "guildId", type: "bigint" },
        { name: "userId", type: "bigint" },
        { name: "nick", type: "text" },
        { name: "joinedAt", type: "timestamp" },
      ],
    });
    await bad.write(["777", "888", null, "2026-01-01 00:00:00"]);
    await bad.write({ sequences: [] });
    await bad.write({ end: { rows: { Member: 1 } } });
    await bad.commit();
    await expect(restoreBackup(target, broken, { force: true })).rejects.toThrow(/foreign key/);

    await withClient(target, async (client) => {
      expect((await client.query(`SELECT "username" FROM "User"`)).rows).toEqual([{ username: "already_here" }]);
      expect(await one(client, `SELECT count(*)::int AS n FROM "Member"`)).toEqual({ n: 0 });
    });
  });
});
