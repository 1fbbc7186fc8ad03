import { createPrismaClient, type Db } from "./client";
import { embeddedPassword } from "./embedded-password";
import { dbEnv, embeddedUrl } from "./env";
import { applyMigrations } from "./migrate";

export interface OpenDatabase {
  prisma: Db;
  url: string;
  close(): Promise<void>;
}

export interface JoinOptions {
  databaseUrl?: string;
  dataDir?: string;
  embeddedPort?: number;
  poolSize?: number;
  migrate?: boolean;
}

/**
 * Connects to the configured database without ever starting one: PostgreSQL via DATABASE_URL
 * (migrated first, unless `migrate: false`), else the embedded database another process serves
 * (its owner migrates it: every socket connection shares one PGlite session, so an advisory
 * lock would not keep them apart). What the web app uses; it never loads the embedded
 * database's code (open.ts), which only a process that may own it needs.
 */
export async function joinDatabase(options: JoinOptions = {}): Promise<OpenDatabase> {
  // "" (an unset variable of a configuration read elsewhere) means the embedded database too.
  const databaseUrl = (options.databaseUrl ?? dbEnv.databaseUrl) || undefined;
  const url =
    databaseUrl ??
    embeddedUrl(options.embeddedPort ?? dbEnv.embeddedPort, embeddedPassword(options.dataDir ?? dbEnv.dataDir));
  if (databaseUrl && options.migrate !== false) await applyMigrations(url);
  return connectTo(url, options.poolSize, undefined, { embedded: !databaseUrl });
}

export function connectTo(
  url: string,
  poolSize = dbEnv.poolSize,
  onClose?: () => Promise<void>,
  options: { embedded?: boolean } = {},
): OpenDatabase {
  const prisma = createPrismaClient(url, poolSize, undefined, options);
  return {
    prisma,
    url,
    async close() {
      await prisma.$disconnect();
      await onClose?.();
    },
  };
}
