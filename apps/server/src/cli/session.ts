import { type OwnedDatabase, openDatabase } from "@chat/db/open";
import { attachmentSigningKeyFromEnv, createDomain, type Domain, publicUrlsFromEnv, systemClock } from "@chat/domain";
import { createInfrastructure, type Infrastructure, readInfrastructureEnv } from "@chat/infrastructure";
import type { ParsedCommand } from "./args";

/** What a command may use; each is opened on first use and closed when the command ends. */
export interface CliSession {
  options: ParsedCommand["options"];
  /** The domain services on the configured database (migrated first), with the event bus, so changes reach the service. */
  domain(): Promise<Domain>;
  /** The configured database as it is (never migrated): backups, restores, versions. */
  database(): Promise<OwnedDatabase>;
  close(): Promise<void>;
}

export function openSession(options: ParsedCommand["options"]): CliSession {
  let database: Promise<OwnedDatabase> | undefined;
  let infrastructure: Infrastructure | undefined;
  let domain: Promise<Domain> | undefined;
  const open = (migrate: boolean) => {
    database ??= openDatabase({ embeddedRole: "auto", migrate });
    return database;
  };
  return {
    options,
    database: () => open(false),
    domain() {
      domain ??= (async () => {
        const db = await open(true);
        // A client of the server's hub (or Redis): the bus alone; the stores stay unopened.
        infrastructure = createInfrastructure({ ...readInfrastructureEnv(), role: "client" });
        await infrastructure.connected(1000);
        return createDomain({
          db: db.prisma,
          bus: infrastructure.bus,
          urls: publicUrlsFromEnv(),
          clock: systemClock,
          attachmentSigningKey: attachmentSigningKeyFromEnv(),
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
