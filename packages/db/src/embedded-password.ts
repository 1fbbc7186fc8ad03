import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The file in DATA_DIR that holds the embedded database's password (owner-only, 0600). */
export const EMBEDDED_PASSWORD_FILE = "embedded-db-password";

function readPassword(file: string): string {
  const password = readFileSync(file, "utf8").trim();
  if (!password) throw new Error(`${file} is empty: delete it and restart the server to generate a new password`);
  return password;
}

/**
 * The embedded database's password: generated once into DATA_DIR by whichever process needs
 * it first (the server serving the database, or a web app / CLI joining it), then read by all.
 */
export function embeddedPassword(dataDir: string): string {
  const dir = resolve(/*turbopackIgnore: true*/ dataDir);
  const file = join(dir, EMBEDDED_PASSWORD_FILE);
  if (existsSync(file)) return readPassword(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written whole under a private name, then published with link(), which fails if another
  // process published first: nobody ever reads a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  return readPassword(file);
}
