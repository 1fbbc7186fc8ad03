import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../src/migrate";

const MIGRATION = "20261124100000_application_id_is_bot_user_id";
const sqlOf = (name: string) => readFileSync(join(migrationsDir, name, "migration.sql"), "utf8");

/**
 * A database made before applications took their bot user's id: the migration renumbers each
 * application to its bot's id (keeping the old one as legacyId) and carries along everything
 * that named it, including what holds the id without a foreign key.
 */
describe("migration: an application's id becomes its bot user's id", () => {
  const db = new PGlite();
  const ids = { owner: 0n, bot: 0n, app: 0n, guild: 0n, channel: 0n, role: 0n, message: 0n, modern: 0n };

  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0] as T;
  const insertId = async (sql: string, params: unknown[] = []) =>
    BigInt((await one<{ id: string }>(`${sql} RETURNING "id"::text AS id`, params)).id);

  beforeAll(async () => {
    const before = readdirSync(migrationsDir)
      .filter((name) => name < MIGRATION && !name.endsWith(".toml"))
      .sort();
    for (const name of before) await db.exec(sqlOf(name));
    ids.owner = await insertId(`INSERT INTO "User" ("username") VALUES ('owner')`);
    ids.bot = await insertId(`INSERT INTO "User" ("username", "bot") VALUES ('old_bot', true)`);
    ids.app = await insertId(
      `INSERT INTO "Application" ("name", "ownerId", "botUserId", "botTokenHash", "clientSecretHash", "iconHash") VALUES ('Old', $1, $2, 'x', 'y', 'appicon')`,
      [ids.owner, ids.bot],
    );
    const modernBot = await insertId(`INSERT INTO "User" ("username", "bot") VALUES ('modern_bot', true)`);
    ids.modern = await insertId(
      `INSERT INTO "Application" ("id", "name", "ownerId", "botUserId", "botTokenHash", "clientSecretHash") VALUES ($1, 'Modern', $2, $1, 'x', 'y')`,
      [modernBot, ids.owner],
    );
    ids.guild = await insertId(`INSERT INTO "Guild" ("name", "ownerId") VALUES ('G', $1)`, [ids.owner]);
    ids.channel = await insertId(`INSERT INTO "Channel" ("guildId", "name", "type") VALUES ($1, 'general', 0)`, [
      ids.guild,
    ]);
    ids.role = await insertId(`INSERT INTO "Role" ("guildId", "name", "botApplicationId") VALUES ($1, 'Old', $2)`, [
      ids.guild,
      ids.app,
    ]);
    ids.message = await insertId(
      `INSERT INTO "Message" ("channelId", "guildId", "authorId", "applicationId") VALUES ($1, $2, $3, $4)`,
      [ids.channel, ids.guild, ids.bot, ids.app],
    );
    await db.query(`INSERT INTO "OAuthGrant" ("applicationId", "userId", "scopes") VALUES ($1, $2, '{identify}')`, [
      ids.app,
      ids.owner,
    ]);
    await db.query(
      `INSERT INTO "Picture" ("ownerId", "hash", "contentType", "data") VALUES ($1, 'appicon', 'image/png', '\\x01'), ($2, 'botavatar', 'image/png', '\\x02'), ($3, 'guildicon', 'image/png', '\\x03')`,
      [ids.app, ids.bot, ids.guild],
    );
    await db.exec(sqlOf(MIGRATION));
  });
  afterAll(() => db.close());

  it("gives the application its bot user's id and keeps the old one as legacyId", async () => {
    const row = await one<{ id: string; legacyId: string }>(
      `SELECT "id"::text, "legacyId"::text FROM "Application" WHERE "name" = 'Old'`,
    );
    expect(row).toEqual({ id: ids.bot.toString(), legacyId: ids.app.toString() });
  });

  it("leaves an application that already had its bot's id alone", async () => {
    const row = await one<{ id: string; legacyId: string | null }>(
      `SELECT "id"::text, "legacyId"::text FROM "Application" WHERE "name" = 'Modern'`,
    );
    expect(row).toEqual({ id: ids.modern.toString(), legacyId: null });
  });

  it("carries the bot's role, login grants and messages over to the new id", async () => {
    expect(
      (await one<{ a: string }>(`SELECT "botApplicationId"::text AS a FROM "Role" WHERE "id" = $1`, [ids.role])).a,
    ).toBe(ids.bot.toString());
    expect((await one<{ a: string }>(`SELECT "applicationId"::text AS a FROM "OAuthGrant"`)).a).toBe(
      ids.bot.toString(),
    );
    expect(
      (await one<{ a: string }>(`SELECT "applicationId"::text AS a FROM "Message" WHERE "id" = $1`, [ids.message])).a,
    ).toBe(ids.bot.toString());
  });

  it("keeps the application's icon apart from the bot's profile picture under the shared id", async () => {
    const pictures = (
      await db.query<{ ownerId: string; kind: string; hash: string }>(
        `SELECT "ownerId"::text AS "ownerId", "kind", "hash" FROM "Picture" ORDER BY "hash"`,
      )
    ).rows;
    expect(pictures).toEqual([
      { ownerId: ids.bot.toString(), kind: "app-icon", hash: "appicon" },
      { ownerId: ids.bot.toString(), kind: "avatar", hash: "botavatar" },
      { ownerId: ids.guild.toString(), kind: "guild-icon", hash: "guildicon" },
    ]);
  });

  it("new applications must be given an id (no sequence default)", async () => {
    await expect(
      db.query(
        `INSERT INTO "Application" ("name", "ownerId", "botUserId", "botTokenHash", "clientSecretHash") VALUES ('NoId', $1, $1, 'x', 'y')`,
        [ids.owner],
      ),
    ).rejects.toThrow(/null value/);
  });
});
