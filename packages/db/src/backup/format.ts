/**
 * A backup file: gzip-compressed JSON lines, written and read as a stream so no table has to
 * fit in memory. Objects are headings, arrays are rows of the table named by the last heading:
 *
 *   { format, version, created_at, server_version, migrations, files }   the header
 *   { table, columns: [{ name, type }] }                                   then its rows:
 *   [ "value as PostgreSQL's text", null, ... ]                            one per row
 *   { sequences: [{ name, last_value, is_called }] }
 *   { end: { rows: { Table: count } } }                                    a complete file ends so
 *
 * Every value is PostgreSQL's own text form (`column::text`), which its input functions read
 * back exactly (bytea as hex, arrays, json, timestamps), so the format holds any column type.
 */
export const BACKUP_FORMAT = "chat-backup";
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** `SHOW server_version` of the database it was taken from. */
  server_version: string;
  /** The migrations applied to it, in order: a restore applies exactly these before loading rows. */
  migrations: { name: string; checksum: string }[];
  /** Small files from DATA_DIR the data depends on (base64), e.g. the key signing attachment URLs. */
  files: Record<string, string>;
}

export interface TableHeading {
  table: string;
  columns: { name: string; type: string }[];
}

export interface SequenceState {
  name: string;
  last_value: string;
  is_called: boolean;
}

export interface BackupSummary {
  migration: string | null;
  rows: Record<string, number>;
  files: string[];
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
