import pg from "pg";
import { appliedMigrations } from "../migrate";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupSummary,
  quoteIdent,
  type SequenceState,
} from "./format";
import { writeLines } from "./lines";
import { MIGRATIONS_TABLE, sequenceNames, tablesWithColumns } from "./schema";

const ROWS_PER_FETCH = 200;

/**
 * Writes a consistent snapshot of the database at `url` to the file `path` (see format.ts),
 * while the service goes on: everything is read in one REPEATABLE READ, READ ONLY transaction,
 * so every table is seen as of one moment. (On the embedded database every connection shares
 * one session, so the service's queries wait while the snapshot is read.)
 */
export async function writeBackup(url: string, path: string, files: Record<string, Buffer>): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out = writeLines(path);
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const tables = await tablesWithColumns(client);
    if (!tables.has(MIGRATIONS_TABLE)) throw new Error("the database has no schema yet: there is nothing to back up");
    const checksums = await appliedMigrations(client);
    const migrations = [...checksums].map(([name, checksum]) => ({ name, checksum }));
    const serverVersion =
      (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? "";
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      server_version: serverVersion,
      migrations,
      files: Object.fromEntries(Object.entries(files).map(([name, content]) => [name, content.toString("base64")])),
    };
    await out.write(header);

    const rows: Record<string, number> = {};
    for (const [table, columns] of tables) {
      if (table === MIGRATIONS_TABLE) continue;
      await out.write({ table, columns });
      rows[table] = 0;
      const select = `SELECT ${columns.map((c) => `${quoteIdent(c.name)}::text`).join(", ")} FROM ${quoteIdent(table)}`;
      await client.query(`DECLARE chat_backup NO SCROLL CURSOR FOR ${select}`);
      for (;;) {
        const batch = await client.query<unknown[]>({
          text: `FETCH FORWARD ${ROWS_PER_FETCH} FROM chat_backup`,
          rowMode: "array",
        });
        for (const row of batch.rows) await out.write(row);
        rows[table] += batch.rows.length;
        if (batch.rows.length < ROWS_PER_FETCH) break;
      }
      await client.query("CLOSE chat_backup");
    }

    const sequences: SequenceState[] = [];
    for (const name of await sequenceNames(client)) {
      const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM ${quoteIdent(name)}`,
      );
      sequences.push({ name, last_value: state[0]?.last_value ?? "1", is_called: state[0]?.is_called ?? false });
    }
    await out.write({ sequences });
    await out.write({ end: { rows } });
    await client.query("COMMIT");
    await out.commit();
    return { migration: migrations.at(-1)?.name ?? null, rows, files: Object.keys(files) };
  } catch (error) {
    await out.abandon();
    throw error;
  } finally {
    await client.end();
  }
}
