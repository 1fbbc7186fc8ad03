import pg from "pg";
import { applyMigrationWithin, createMigrationsTable, knownMigrations, type Migration } from "../migrate";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupSummary,
  quoteIdent,
  type SequenceState,
  type TableHeading,
} from "./format";
import { readLines } from "./lines";
import { dropSchemaObjects, firstTableWithRows, foreignKeys, otherSessions, tablesWithColumns } from "./schema";

/** A restore refused before anything changed (the message says why and what to do). */
export class RestoreRefused extends Error {}

/** Parameters per INSERT stay under PostgreSQL's 65535, and one statement under a few megabytes. */
const MAX_PARAMS = 30_000;
const MAX_BATCH_CHARS = 4_000_000;

type Queryable = Pick<pg.ClientBase, "query">;

function readHeader(value: unknown, path: string): BackupHeader {
  const header = value as Partial<BackupHeader> | undefined;
  if (!header || header.format !== BACKUP_FORMAT) throw new RestoreRefused(`${path} is not a backup file`);
  if (header.version !== BACKUP_VERSION)
    throw new RestoreRefused(
      `${path} is a backup of format ${header.version}; this version reads format ${BACKUP_VERSION}`,
    );
  return header as BackupHeader;
}

/**
 * The backup's migrations must be the first ones this code knows, unchanged: the restore
 * applies them, loads the rows, then applies this code's newer ones (an upgrade's migrations
 * run on restored data exactly as on live data).
 */
function planMigrations(header: BackupHeader): { before: Migration[]; after: Migration[] } {
  const known = knownMigrations();
  header.migrations.forEach((m, i) => {
    const mine = known[i];
    if (!mine || mine.name !== m.name) {
      throw new RestoreRefused(
        `the backup's schema has migration ${m.name}, which this version does not know: restore it with the version that made it (or a newer one)`,
      );
    }
    if (mine.checksum !== m.checksum)
      throw new RestoreRefused(`migration ${m.name} differs between the backup and this version`);
  });
  return { before: known.slice(0, header.migrations.length), after: known.slice(header.migrations.length) };
}

class RowLoader {
  private rows: unknown[][] = [];
  private chars = 0;
  loaded: Record<string, number> = {};

  constructor(
    private client: Queryable,
    private heading: TableHeading,
  ) {
    this.loaded[heading.table] = 0;
  }

  async add(row: unknown[]): Promise<void> {
    if (row.length !== this.heading.columns.length)
      throw new Error(
        `a row of ${this.heading.table} has ${row.length} values for ${this.heading.columns.length} columns`,
      );
    this.rows.push(row);
    for (const value of row) this.chars += typeof value === "string" ? value.length : 4;
    if ((this.rows.length + 1) * row.length > MAX_PARAMS || this.chars > MAX_BATCH_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const { table, columns } = this.heading;
    const values = this.rows.map(
      (_, r) => `(${columns.map((c, i) => `$${r * columns.length + i + 1}::${c.type}`).join(", ")})`,
    );
    await this.client.query(
      `INSERT INTO ${quoteIdent(table)} (${columns.map((c) => quoteIdent(c.name)).join(", ")}) OVERRIDING SYSTEM VALUE VALUES ${values.join(", ")}`,
      this.rows.flat(),
    );
    this.loaded[table] = (this.loaded[table] ?? 0) + this.rows.length;
    this.rows = [];
    this.chars = 0;
  }
}

function checkHeading(heading: TableHeading, tables: Map<string, { name: string; type: string }[]>): TableHeading {
  const columns = tables.get(heading.table);
  if (!columns) throw new Error(`the backup has a table ${heading.table} that its migrations do not create`);
  const types = new Map(columns.map((c) => [c.name, c.type]));
  for (const c of heading.columns)
    if (!types.has(c.name))
      throw new Error(`the backup has a column ${heading.table}.${c.name} that its migrations do not create`);
  // The target's own type names: they are what the casts must name.
  return {
    table: heading.table,
    columns: heading.columns.map((c) => ({ name: c.name, type: types.get(c.name) as string })),
  };
}

/**
 * Restores the backup file `path` into the database at `url`, in one transaction: the schema
 * is built by the backup's own migrations, the rows loaded (foreign keys dropped meanwhile
 * and added back after, which checks them all), the sequences set, and this version's newer
 * migrations applied. Anything failing rolls everything back. A database already holding
 * rows is refused unless `force` (then everything in it is replaced). Returns the backup's
 * summary and the DATA_DIR files it carries, for the caller to write once this succeeded.
 */
export async function restoreBackup(
  url: string,
  path: string,
  options: { force?: boolean } = {},
): Promise<BackupSummary & { fileContents: Record<string, Buffer> }> {
  const lines = readLines(path);
  const first = await lines.next();
  const header = readHeader(first.done ? undefined : first.value, path);
  const plan = planMigrations(header);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    const others = await otherSessions(client);
    if (others > 0)
      throw new RestoreRefused(
        `${others} other connection(s) use this database: stop the service (and other clients) before restoring`,
      );
    const holding = await firstTableWithRows(client);
    if (holding && !options.force) {
      throw new RestoreRefused(
        `the database already holds data (table ${holding} has rows): restore into a fresh DATA_DIR or an empty database, or pass --force to replace everything in it`,
      );
    }
    await dropSchemaObjects(client);
    await createMigrationsTable(client);
    for (const migration of plan.before) await applyMigrationWithin(client, migration);

    const tables = await tablesWithColumns(client);
    const keys = await foreignKeys(client);
    for (const key of keys)
      await client.query(`ALTER TABLE ${quoteIdent(key.table)} DROP CONSTRAINT ${quoteIdent(key.name)}`);
    for (const table of tables.keys()) await client.query(`ALTER TABLE ${quoteIdent(table)} DISABLE TRIGGER USER`);

    const rows: Record<string, number> = {};
    let loader: RowLoader | null = null;
    let sequences: SequenceState[] = [];
    let end: { rows: Record<string, number> } | null = null;
    for await (const line of lines) {
      if (end) throw new Error(`${path} goes on after its end`);
      if (Array.isArray(line)) {
        if (!loader) throw new Error(`${path} has a row before any table`);
        await loader.add(line);
      } else if (line && typeof line === "object" && "table" in line) {
        await loader?.flush();
        if (loader) Object.assign(rows, loader.loaded);
        loader = new RowLoader(client, checkHeading(line as TableHeading, tables));
      } else if (line && typeof line === "object" && "sequences" in line) {
        sequences = (line as { sequences: SequenceState[] }).sequences;
      } else if (line && typeof line === "object" && "end" in line) {
        end = (line as { end: { rows: Record<string, number> } }).end;
      } else throw new Error(`${path} has a line this version does not understand`);
    }
    await loader?.flush();
    if (loader) Object.assign(rows, loader.loaded);
    if (!end) throw new Error(`${path} ends early: the backup is incomplete`);
    for (const [table, count] of Object.entries(end.rows)) {
      if ((rows[table] ?? 0) !== count)
        throw new Error(`${path} is damaged: table ${table} has ${rows[table] ?? 0} of its ${count} rows`);
    }

    for (const s of sequences)
      await client.query("SELECT setval($1::regclass, $2::bigint, $3)", [
        quoteIdent(s.name),
        s.last_value,
        s.is_called,
      ]);
    for (const table of tables.keys()) await client.query(`ALTER TABLE ${quoteIdent(table)} ENABLE TRIGGER USER`);
    for (const key of keys)
      await client.query(
        `ALTER TABLE ${quoteIdent(key.table)} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`,
      );
    for (const migration of plan.after) await applyMigrationWithin(client, migration);
    await client.query("COMMIT");

    const fileContents = Object.fromEntries(
      Object.entries(header.files ?? {}).map(([name, base64]) => [name, Buffer.from(base64, "base64")]),
    );
    const last = plan.after.at(-1) ?? plan.before.at(-1);
    return { migration: last?.name ?? null, rows, files: Object.keys(fileContents), fileContents };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
    await lines.return(undefined);
  }
}
