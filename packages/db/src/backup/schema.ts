import type pg from "pg";
import { quoteIdent } from "./format";

type Queryable = Pick<pg.ClientBase, "query">;

/** Migrations' book-keeping: a restore writes its own rows there as it applies them. */
export const MIGRATIONS_TABLE = "_prisma_migrations";

/** The tables of the current schema with their stored (not generated) columns, in column order. */
export async function tablesWithColumns(client: Queryable): Promise<Map<string, { name: string; type: string }[]>> {
  const { rows } = await client.query<{ table: string; column: string; type: string }>(`
    SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type"
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    ORDER BY c.relname, a.attnum`);
  const tables = new Map<string, { name: string; type: string }[]>();
  for (const row of rows) {
    const columns = tables.get(row.table) ?? [];
    columns.push({ name: row.column, type: row.type });
    tables.set(row.table, columns);
  }
  return tables;
}

export async function sequenceNames(client: Queryable): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'S' ORDER BY c.relname`);
  return rows.map((r) => r.name);
}

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

export async function foreignKeys(client: Queryable): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(`
    SELECT rel.relname AS "table", con.conname AS name, pg_get_constraintdef(con.oid) AS definition
    FROM pg_constraint con
    JOIN pg_class rel ON rel.oid = con.conrelid
    JOIN pg_namespace n ON n.oid = rel.relnamespace
    WHERE con.contype = 'f' AND n.nspname = current_schema()
    ORDER BY rel.relname, con.conname`);
  return rows;
}

/** The first table (other than the migrations' own) holding a row, or null when none does. */
export async function firstTableWithRows(client: Queryable): Promise<string | null> {
  for (const table of (await tablesWithColumns(client)).keys()) {
    if (table === MIGRATIONS_TABLE) continue;
    const { rows } = await client.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${quoteIdent(table)}) AS found`,
    );
    if (rows[0]?.found) return table;
  }
  return null;
}

/** Drops every table, view, sequence and type of the current schema (the schema itself stays: it may not be ours to drop). */
export async function dropSchemaObjects(client: Queryable): Promise<void> {
  const { rows } = await client.query<{ kind: string; name: string }>(`
    SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END AS kind, c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
    ORDER BY c.relkind = 'S'`);
  for (const row of rows) await client.query(`DROP ${row.kind} IF EXISTS ${quoteIdent(row.name)} CASCADE`);
  const types = await client.query<{ name: string }>(`
    SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = current_schema() AND t.typtype IN ('e', 'd')`);
  for (const row of types.rows) await client.query(`DROP TYPE IF EXISTS ${quoteIdent(row.name)} CASCADE`);
}

/** Client connections to this database other than this one (the service still running, a psql left open). */
export async function otherSessions(client: Queryable): Promise<number> {
  const { rows } = await client.query<{ count: number }>(`
    SELECT count(*)::int AS count FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`);
  return rows[0]?.count ?? 0;
}
