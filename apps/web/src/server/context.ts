import "server-only";
import { type OpenDatabase, openDatabase } from "@chat/db";
import { LiveHub } from "@chat/api";
import { channelViewers, createDomain, type Domain, systemClock } from "@chat/domain";
import { createEventBus, type EventBus } from "@chat/events";
import { readWebEnv } from "@/env";

/** One per process: the database connection, the event bus client and the domain on top. */
export interface WebContext {
  database: OpenDatabase;
  prisma: OpenDatabase["prisma"];
  bus: EventBus;
  domain: Domain;
  live: LiveHub;
}

const KEY = Symbol.for("chat.web.context");
type Holder = { [KEY]?: Promise<WebContext> };

async function createWebContext(): Promise<WebContext> {
  // No DATABASE_URL: the server process owns the embedded database; join it.
  const database = await openDatabase({ embeddedRole: "join" });
  const bus = createEventBus({ role: "client" });
  const env = readWebEnv();
  const domain = createDomain({ db: database.prisma, bus, urls: env.urls, clock: systemClock, attachmentSigningKey: env.attachmentSigningKey });
  const live = new LiveHub(bus, channelViewers(database.prisma));
  return { database, prisma: database.prisma, bus, domain, live };
}

/** The process-wide context, created on first use (at run time, never during the build). */
export function getWebContext(): Promise<WebContext> {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    holder[KEY] = createWebContext().catch((error) => {
      holder[KEY] = undefined;
      throw error;
    });
  }
  return holder[KEY];
}
