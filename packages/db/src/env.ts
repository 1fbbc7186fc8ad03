import { resolve } from "node:path";

export interface DbEnv {
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPort: number;
  poolSize: number;
}

/** Database configuration from `env`. Without DATABASE_URL the embedded PGlite database is used. */
export function readDbEnv(env: Record<string, string | undefined>): DbEnv {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR || "./data"),
    embeddedPort: Number(env.EMBEDDED_DB_PORT || 5488),
    poolSize: Number(env.DB_POOL_SIZE || 10),
  };
}

/** This process's database configuration, read once. */
export const dbEnv: DbEnv = readDbEnv(process.env);

/** The embedded database's URL; the password is the one kept in DATA_DIR (see embeddedPassword). */
export function embeddedUrl(port: number, password: string): string {
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres?sslmode=disable`;
}
