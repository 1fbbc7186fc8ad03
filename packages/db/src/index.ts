export { createPrismaClient, type Db, type SentQuery } from "./client";
export { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded";
export { EMBEDDED_PASSWORD_FILE, embeddedPassword } from "./embedded-password";
export { dbEnv, embeddedUrl } from "./env";
export { applyMigrations, migrationsDir } from "./migrate";
export { openDatabase, type OpenDatabase, type OpenOptions } from "./open";
export { Prisma } from "./generated/prisma/client";
export type * from "./generated/prisma/models";
