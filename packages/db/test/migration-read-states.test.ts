import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../src/migrate";

const MIGRATION = "20261210090000_read_states";
const sqlOf = (name: string) => readFileSync(join(migrationsDir, name, "migration.sql"), "utf8");

/**
 * A database made before read states: the people already in guilds start with every channel
 * read up to its newest message, so nothing written before read states shows as unread.
 */
describe("migration: read states start from everything read", () => {
  const db = new PGlite();
  const ids = { person: 0n, bot: 0n, guild: 0n, busy: 0n, empty: 0n, message: 0n };

  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0] as T;
  const insertId = async (sql: string, params: unknown[] = []) =>
    BigInt((await one<{ id: string }>(`${sql} RETURNING "id"::text AS id`, params)).id);

  beforeAll(async () => {
    const before = readdirSync(migrationsDir)
      .filter((name) => name < MIGRATION && !name.endsWith(".toml"))
      .sort();
    for (const name of before) await db.exec(sqlOf(name));
    ids.person = await insertId(`INSERT INTO "User" ("username") VALUES ('person')`);
    ids.bot = await insertId(`INSERT INTO "User" ("username", "bot") VALUES ('bot', true)`);
    ids.guild = await insertId(`INSERT INTO "Guild" ("name", "ownerId") VALUES ('G', $1)`, [ids.person]);
    ids.busy = await insertId(`INSERT INTO "Channel" ("guildId", "name", "type") VALUES ($1, 'busy', 0)`, [ids.guild]);
    ids.empty = await insertId(`INSERT INTO "Channel" ("guildId", "name", "type") VALUES ($1, 'empty', 0)`, [
      ids.guild,
    ]);
    ids.message = await insertId(`INSERT INTO "Message" ("channelId", "guildId", "authorId") VALUES ($1, $2, $3)`, [
      ids.busy,
      ids.guild,
      ids.bot,
    ]);
    await db.query(`UPDATE "Channel" SET "lastMessageId" = $1 WHERE "id" = $2`, [ids.message, ids.busy]);
    await db.query(`INSERT INTO "Member" ("guildId", "userId") VALUES ($1, $2), ($1, $3)`, [
      ids.guild,
      ids.person,
      ids.bot,
    ]);
    await db.exec(sqlOf(MIGRATION));
  });
  afterAll(() => db.close());

  it("reads every channel with messages up to its newest one for each person in its guild, and gives bots none", async () => {
    const rows = (
      await db.query<{ userId: string; channelId: string; lastReadMessageId: string }>(
        `SELECT "userId"::text, "channelId"::text, "lastReadMessageId"::text FROM "ReadState"`,
      )
    ).rows;
    expect(rows).toEqual([
      { userId: ids.person.toString(), channelId: ids.busy.toString(), lastReadMessageId: ids.message.toString() },
    ]);
  });

  it("removes a person's read states with the channel and with the person", async () => {
    await db.query(`DELETE FROM "Channel" WHERE "id" = $1`, [ids.busy]);
    expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM "ReadState"`)).n).toBe(0);
    const channel = await insertId(`INSERT INTO "Channel" ("guildId", "name", "type") VALUES ($1, 'again', 0)`, [
      ids.guild,
    ]);
    await db.query(`INSERT INTO "ReadState" ("userId", "channelId", "lastReadMessageId") VALUES ($1, $2, 1)`, [
      ids.bot,
      channel,
    ]);
    await db.query(`DELETE FROM "User" WHERE "id" = $1`, [ids.bot]);
    expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM "ReadState"`)).n).toBe(0);
  });
});
