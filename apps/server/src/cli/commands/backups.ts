import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeBackup } from "@chat/db/backup/dump";
import { RestoreRefused, restoreBackup } from "@chat/db/backup/restore";
import { required, UsageError } from "../args";
import type { CliSession } from "../session";
import type { Output } from "./lookups";

/**
 * Secrets generated into DATA_DIR that restored data depends on: the key signing the files'
 * URLs (event covers store URLs signed with it) and the web app's session key (people stay
 * signed in). The others (embedded database password, event hub secret, LiveKit keys) belong
 * to the machine and are generated anew.
 */
const KEPT_WITH_DATA = ["attachment-signing-key", "nextauth-secret"];

function dataDirFiles(dataDir: string): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const name of KEPT_WITH_DATA) {
    const file = join(dataDir, name);
    if (existsSync(file)) files[name] = readFileSync(file);
  }
  return files;
}

/** Writes under a private name, then renames: a process reading the secret sees the old or the new one whole. */
function writeDataDirFile(dataDir: string, name: string, content: Buffer): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, name);
  const draft = `${file}.restoring-${process.pid}`;
  writeFileSync(draft, content, { mode: 0o600 });
  renameSync(draft, file);
}

/** `backup --out FILE`: the whole database (uploaded files are in it) and the DATA_DIR secrets above, while the service runs. */
async function backup(session: CliSession): Promise<Output> {
  const out = resolve(required(session.options, "out"));
  if (existsSync(out)) throw new UsageError(`${out} already exists: choose another --out`);
  const database = await session.database();
  const summary = await writeBackup(database.url, out, dataDirFiles(session.db.dataDir));
  return {
    file: out,
    bytes: statSync(out).size,
    migration: summary.migration,
    rows: summary.rows,
    files: summary.files,
  };
}

/** `restore --from FILE [--force]`: into a fresh DATA_DIR or an empty database, with the service stopped. */
async function restore(session: CliSession): Promise<Output> {
  const from = resolve(required(session.options, "from"));
  if (!existsSync(from)) throw new UsageError(`${from} does not exist`);
  const database = await session.database();
  if (!session.db.databaseUrl && !database.embedded) {
    throw new UsageError(`the service is running on ${session.db.dataDir}: stop it before restoring`);
  }
  try {
    const restored = await restoreBackup(database.url, from, { force: session.options.force !== undefined });
    for (const [name, content] of Object.entries(restored.fileContents)) {
      // Only the files a backup is made with: a backup file never names a path to write.
      if (KEPT_WITH_DATA.includes(name)) writeDataDirFile(session.db.dataDir, name, content);
    }
    return {
      from,
      migration: restored.migration,
      rows: restored.rows,
      files: restored.files.filter((name) => KEPT_WITH_DATA.includes(name)),
    };
  } catch (error) {
    if (error instanceof RestoreRefused) throw new UsageError(error.message);
    throw new Error(`restore failed, nothing was changed: ${(error as Error).message}`);
  }
}

export const backupCommands = { backup, restore };
