import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationsDir } from "../migrate";
import { openDatabase } from "../open";

/**
 * For tests: a new DATA_DIR whose embedded database is already created and migrated, copied
 * from a template built once per machine for these migrations and this PGlite version.
 * Creating a PGlite database runs initdb (2–3 s); copying a migrated one takes a tenth of that,
 * and the test suites start hundreds. The copy has no password file: each folder makes its own.
 * Not loaded by the apps.
 */
export async function freshEmbeddedDataDir(prefix: string): Promise<string> {
  const template = await embeddedTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(template, "pglite"), join(dataDir, "pglite"), { recursive: true });
  return dataDir;
}

let built: Promise<string> | undefined;

function embeddedTemplate(): Promise<string> {
  built ??= buildTemplate();
  return built;
}

function templateKey(): string {
  const hash = createHash("sha256");
  // The PGlite version is pinned in this package's manifest.
  hash.update(readFileSync(new URL("../../package.json", import.meta.url)));
  for (const name of readdirSync(migrationsDir).sort()) {
    const file = join(migrationsDir, name, "migration.sql");
    if (existsSync(file)) hash.update(name).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

async function buildTemplate(): Promise<string> {
  const template = join(tmpdir(), `chat-pglite-template-${templateKey()}`);
  if (existsSync(join(template, "pglite"))) return template;
  // Built under a private name and published by rename: a test process starting beside this
  // one either finds the whole template or builds its own.
  const draft = mkdtempSync(`${template}.building-`);
  const database = await openDatabase({ dataDir: draft, embeddedPort: 0, embeddedRole: "own" });
  await database.close();
  try {
    renameSync(draft, template);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EEXIST" && code !== "ENOTEMPTY") throw error;
    rmSync(draft, { recursive: true, force: true });
  }
  return template;
}
