import { type DbEnv, readDbEnv } from "@chat/db";
import { type OwnedDatabase, openDatabase } from "@chat/db/open";
import { attachmentSigningKeyFromEnv, createDomain, type Domain, publicUrlsFromEnv, systemClock } from "@chat/domain";
import { createInfrastructure, type Infrastructure, readInfrastructureEnv } from "@chat/infrastructure";
import type { ParsedCommand } from "./args";

/** The configuration a command line runs with (the process's environment, or a test's). */
export type CliEnv = Record<string, string | undefined>;

/** What a command may use; each is opened on first use and closed when the command ends. */
export interface CliSession {
  options: ParsedCommand["options"];
  /** The environment the configuration is read from. */
  env: CliEnv;
  /** The database configuration read from `env`. */
  db: DbEnv;
  /** The domain services on the configured database (migrated first), with the event bus, so changes reach the service. */
  domain(): Promise<Domain>;
  /** The configured database as it is (never migrated): backups, restores, versions. */
  database(): Promise<OwnedDatabase>;
  close(): Promise<void>;
}

export function openSession(options: ParsedCommand["options"], env: CliEnv): CliSession {
  const db = readDbEnv(env);
  let database: Promise<OwnedDatabase> | undefined;
  let infrastructure: Infrastructure | undefined;
  let domain: Promise<Domain> | undefined;
  const open = (migrate: boolean) => {
    database ??= openDatabase({
      // "": the embedded database, whatever this process's own DATABASE_URL says.
      databaseUrl: db.databaseUrl ?? "",
      dataDir: db.dataDir,
      embeddedPort: db.embeddedPort,
      poolSize: db.poolSize,
      embeddedRole: "auto",
      migrate,
    });
    return database;
  };
  return {
    options,
    env,
    db,
    database: () => open(false),
    domain() {
      domain ??= (async () => {
        const database = await open(true);
        // A client of the server's hub (or Redis): the bus alone; the stores stay unopened.
        infrastructure = createInfrastructure({ ...readInfrastructureEnv(env), role: "client" });
        await infrastructure.connected(1000);
        return createDomain({
          db: database.prisma,
          bus: infrastructure.bus,
          urls: publicUrlsFromEnv(env as NodeJS.ProcessEnv),
          clock: systemClock,
          attachmentSigningKey: attachmentSigningKeyFromEnv(env),
        });
      })();
      return domain;
    },
    async close() {
      await infrastructure?.close();
      await (await database?.catch(() => undefined))?.close();
    },
  };
}
