import { resolve } from "node:path";

/** Database configuration, read once. Without DATABASE_URL the embedded PGlite database is used. */
export const dbEnv = {
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: resolve(process.env.DATA_DIR || "./data"),
  embeddedPort: Number(process.env.EMBEDDED_DB_PORT || 5488),
  poolSize: Number(process.env.DB_POOL_SIZE || 10),
};

export function embeddedUrl(port: number): string {
  return `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}
