// The embedded database's own code (open.ts, embedded.ts) is imported from "@chat/db/open" by
// the processes that may own it, never from here: the web app's bundle must not reach it.
export { createPrismaClient, type Db, type SentQuery } from "./client";
export { hotQuery, hotQueryable, type SqlValue, watchDriver } from "./driver";
export type { DriverWatch, PoolUse } from "./driver-watch";
export { OutageLog } from "./outage-log";
export { isDatabaseBusy } from "./busy";
export { isDatabaseUnreachable } from "./unreachable";
export { EMBEDDED_PASSWORD_FILE, embeddedPassword } from "./embedded-password";
export { type DbEnv, dbEnv, embeddedUrl, readDbEnv } from "./env";
export { joinDatabase, type OpenDatabase } from "./join";
export { applyMigrations, migrationsDir } from "./migrate";
export { Prisma } from "./generated/prisma/client";
export type * from "./generated/prisma/models";
