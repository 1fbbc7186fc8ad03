import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const migrationsDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../prisma/migrations");

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** The migrations this code knows, in the order they apply (their folder names sort by date). */
export function knownMigrations(): Migration[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

type Queryable = Pick<pg.ClientBase, "query">;

/** Prisma's own book-keeping table, so `prisma migrate deploy` agrees with us wherever its engine is available. */
export async function createMigrationsTable(client: Queryable): Promise<void> {
  await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
}

/** The finished migrations' names and checksums. */
export async function appliedMigrations(client: Queryable): Promise<Map<string, string>> {
  const rows = (
    await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name`,
    )
  ).rows;
  return new Map(rows.map((r) => [r.migration_name, r.checksum]));
}

/** Runs one migration and records it, inside the caller's transaction. */
export async function applyMigrationWithin(client: Queryable, migration: Migration): Promise<void> {
  await client.query(migration.sql);
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
    [randomUUID(), migration.checksum, migration.name],
  );
}

/**
 * Applies the SQL files under prisma/migrations that the database has not seen, in name
 * order, each in its own transaction. Migrations only go forward: a database a newer version
 * migrated (a migration this code does not have) is refused, since this code would misread
 * it; going back means restoring the backup taken before the upgrade. `through`: stop after
 * that migration (the schema of an earlier release, for upgrade tests).
 */
export async function applyMigrations(url: string, options: { through?: string } = {}): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Several nodes may start at once against one PostgreSQL: take the lock before anything else.
    await client.query("SELECT pg_advisory_lock(727274)");
    await createMigrationsTable(client);
    const done = await appliedMigrations(client);
    const applied: string[] = [];
    const known = knownMigrations();
    const unknown = [...done.keys()].filter((name) => !known.some((migration) => migration.name === name));
    if (unknown.length > 0) {
      throw new Error(
        `the database was migrated by a newer version of the service (${unknown.join(", ")}); run that version, or restore the backup taken before upgrading`,
      );
    }
    const through =
      options.through === undefined
        ? known.length
        : known.findIndex((migration) => migration.name === options.through) + 1;
    if (through === 0) throw new Error(`no migration ${options.through}`);
    for (const migration of known.slice(0, through)) {
      const appliedChecksum = done.get(migration.name);
      if (appliedChecksum !== undefined) {
        if (appliedChecksum !== migration.checksum)
          throw new Error(`migration ${migration.name} was changed after it was applied`);
        continue;
      }
      await client.query("BEGIN");
      try {
        await applyMigrationWithin(client, migration);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
    await client.query("SELECT pg_advisory_unlock(727274)");
    return applied;
  } finally {
    await client.end();
  }
}
