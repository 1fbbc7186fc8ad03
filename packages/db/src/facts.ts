import pg from "pg";
import { appliedMigrations, knownMigrations } from "./migrate";

export interface DatabaseFacts {
  /** `SHOW server_version`: PostgreSQL's, or the one PGlite is built from. */
  serverVersion: string | null;
  /** Applied migrations' names, in order. */
  applied: string[];
  /** Migrations this code knows that the database has not had yet. */
  pending: string[];
}

/** What an operator asks before an upgrade: the database server's version and where its schema stands. */
export async function databaseFacts(url: string): Promise<DatabaseFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const serverVersion =
      (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? null;
    const migrated = (
      await client.query<{ found: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS found`)
    ).rows[0]?.found;
    const applied = migrated ? [...(await appliedMigrations(client)).keys()] : [];
    const pending = knownMigrations()
      .map((m) => m.name)
      .filter((name) => !applied.includes(name));
    return { serverVersion, applied, pending };
  } finally {
    await client.end();
  }
}
