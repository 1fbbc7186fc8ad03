import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationsDir, Prisma } from "../src";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "../src/embedded";
import { connectTo, type OpenDatabase } from "../src/join";

const FIRST_RELEASE = "20261121080000_init";
const mode = process.env.TEST_DATABASE_URL ? "postgres" : "embedded";

async function run(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** An empty database of the storage mode under test: a PostgreSQL database of its own, or an embedded one in a fresh folder. */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `chat_upgrade_${randomBytes(6).toString("hex")}`;
    await run(admin, `CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return { url: url.toString(), drop: () => run(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "chat-upgrade-"));
  const embedded: EmbeddedDatabase = await startEmbeddedDatabase({ dataDir, port: 0 });
  return {
    url: embedded.url,
    async drop() {
      await embedded.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`upgrading a database with data in it (${mode})`, () => {
  let database: { url: string; drop(): Promise<void> };
  let upgraded: string[];
  let db: OpenDatabase;
  beforeAll(async () => {
    database = await emptyDatabase();
    expect(await applyMigrations(database.url, { through: FIRST_RELEASE })).toEqual([FIRST_RELEASE]);
    await run(database.url, readFileSync(join(import.meta.dirname, "upgrade/first-release-data.sql"), "utf8"));
    upgraded = await applyMigrations(database.url);
    db = connectTo(database.url, 2);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it("applies every later migration in order, once", async () => {
    const all = readdirSync(migrationsDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(upgraded).toEqual(all.filter((name) => name !== FIRST_RELEASE));
    expect(await applyMigrations(database.url)).toEqual([]);
  });

  it("keeps every person, guild, message, file, reaction and pin the first release wrote", async () => {
    const prisma = db.prisma;
    expect(
      await prisma.user.findUnique({ where: { username: "ann" }, select: { id: true, passwordHash: true } }),
    ).toEqual({ id: 1001n, passwordHash: expect.stringMatching(/^\$argon2id\$/) });
    expect(await prisma.guild.findUnique({ where: { id: 1004n }, select: { name: true, ownerId: true } })).toEqual({
      name: "First guild",
      ownerId: 1001n,
    });
    expect(await prisma.member.count({ where: { guildId: 1004n } })).toBe(2);
    const messages = await prisma.message.findMany({
      where: { channelId: 1005n },
      orderBy: { id: "asc" },
      select: { content: true, pinned: true },
    });
    expect(messages).toEqual([
      { content: "hello from the first release", pinned: false },
      { content: "a bot's answer", pinned: true },
    ]);
    const file = await prisma.attachment.findUnique({ where: { id: 1008n } });
    expect(Buffer.from(file?.data ?? []).toString()).toBe("hello");
    expect(await prisma.reaction.count({ where: { messageId: 1006n } })).toBe(1);
  });

  it("gives an application made before applications took their bot's id that id, keeping the old one and its token and secret", async () => {
    const app = await db.prisma.application.findUnique({ where: { id: 1002n } });
    expect(app).toMatchObject({ legacyId: 1003n, botUserId: 1002n, redirectUris: ["https://site.example/callback"] });
    expect(app?.botTokenHash).toBe(createHash("sha256").update("first-release-bot-token").digest("hex"));
    expect((await db.prisma.message.findUnique({ where: { id: 1007n } }))?.applicationId).toBe(1002n);
    expect(await db.prisma.picture.findMany({ where: { ownerId: 1002n }, select: { kind: true } })).toEqual([
      { kind: "app-icon" },
    ]);
  });

  it("leaves every table readable by this version's client", async () => {
    for (const model of Object.values(Prisma.ModelName)) {
      const delegate = (
        db.prisma as unknown as Record<string, { findMany(args: { take: number }): Promise<unknown[]> }>
      )[model.charAt(0).toLowerCase() + model.slice(1)];
      await expect(delegate.findMany({ take: 5 }), model).resolves.toBeInstanceOf(Array);
    }
  });

  it("refuses a database a newer version migrated, saying to run that version or restore the backup", async () => {
    const newer = await emptyDatabase();
    try {
      await applyMigrations(newer.url);
      await run(
        newer.url,
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ('future', 'x', now(), '29990101000000_from_a_newer_version', 1)`,
      );
      await expect(applyMigrations(newer.url)).rejects.toThrow(
        "the database was migrated by a newer version of the service (29990101000000_from_a_newer_version); run that version, or restore the backup taken before upgrading",
      );
    } finally {
      await newer.drop();
    }
  });

  it("refuses a migration changed after it was applied: migrations only go forward", async () => {
    await run(
      database.url,
      `UPDATE "_prisma_migrations" SET checksum = 'edited' WHERE migration_name = '${FIRST_RELEASE}'`,
    );
    await expect(applyMigrations(database.url)).rejects.toThrow(
      `migration ${FIRST_RELEASE} was changed after it was applied`,
    );
  });
});
