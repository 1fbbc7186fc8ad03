import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const migrationsDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../prisma/migrations");

/**
 * Applies the SQL files under prisma/migrations that the database has not seen, in name
 * order, each in its own transaction. Book-keeping uses Prisma's own `_prisma_migrations`
 * table, so `prisma migrate deploy` agrees with us wherever its engine is available.
 * Migrations only go forward: a database a newer version migrated (a migration this code does
 * not have) is refused, since this code would misread it; going back means restoring the
 * backup taken before the upgrade. `through`: stop after that migration (the schema of an
 * earlier release, for upgrade tests).
 */
export async function applyMigrations(url: string, options: { through?: string } = {}): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Several nodes may start at once against one PostgreSQL: take the lock before anything else.
    await client.query("SELECT pg_advisory_lock(727274)");
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const done = new Map(
      (await client.query<{ migration_name: string; checksum: string }>(`SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`)).rows.map(
        (r) => [r.migration_name, r.checksum],
      ),
    );
    const applied: string[] = [];
    const names = readdirSync(migrationsDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const unknown = [...done.keys()].filter((name) => !names.includes(name));
    if (unknown.length > 0) {
      throw new Error(`the database was migrated by a newer version of the service (${unknown.join(", ")}); run that version, or restore the backup taken before upgrading`);
    }
    const through = options.through === undefined ? names.length : names.indexOf(options.through) + 1;
    if (through === 0) throw new Error(`no migration ${options.through}`);
    for (const name of names.slice(0, through)) {
      const sql = readFileSync(join(migrationsDir, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      const appliedChecksum = done.get(name);
      if (appliedChecksum !== undefined) {
        if (appliedChecksum !== checksum) throw new Error(`migration ${name} was changed after it was applied`);
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
    }
    await client.query("SELECT pg_advisory_unlock(727274)");
    return applied;
  } finally {
    await client.end();
  }
}
