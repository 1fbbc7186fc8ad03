import { resolve } from "node:path";

/** Database configuration, read once. Without DATABASE_URL the embedded PGlite database is used. */
export const dbEnv = {
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: resolve(process.env.DATA_DIR || "./data"),
  embeddedPort: Number(process.env.EMBEDDED_DB_PORT || 5488),
  poolSize: Number(process.env.DB_POOL_SIZE || 10),
};

/** The embedded database's URL; the password is the one kept in DATA_DIR (see embeddedPassword). */
export function embeddedUrl(port: number, password: string): string {
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres?sslmode=disable`;
}
