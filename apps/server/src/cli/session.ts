import { type OwnedDatabase, openDatabase } from "@chat/db/open";
import { attachmentSigningKeyFromEnv, createDomain, type Domain, publicUrlsFromEnv, systemClock } from "@chat/domain";
import { createEventBus, type EventBus, HubClientBus, RedisBus } from "@chat/events";
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
  let bus: EventBus | undefined;
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
        bus = createEventBus({ role: "client" });
        if (bus instanceof HubClientBus) await bus.whenReady(1000);
        if (bus instanceof RedisBus) await bus.whenReady();
        return createDomain({ db: db.prisma, bus, urls: publicUrlsFromEnv(), clock: systemClock, attachmentSigningKey: attachmentSigningKeyFromEnv() });
      })();
      return domain;
    },
    async close() {
      await bus?.close();
      await (await database?.catch(() => undefined))?.close();
    },
  };
}
