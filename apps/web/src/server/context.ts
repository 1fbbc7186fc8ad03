import "server-only";
import { type OpenDatabase, openDatabase } from "@chat/db";
import { LiveHub } from "@chat/api";
import { channelViewers, createDomain, type Domain, systemClock } from "@chat/domain";
import { createEventBus, type EventBus } from "@chat/events";
import { type BucketRule, createRateLimitStore, createSignInThrottle, type RateLimitStore, type SignInThrottle, signUpLimit } from "@chat/rate-limit";
import { readWebEnv, type WebEnv } from "@/env";

/** One per process: the database connection, the event bus client, the domain on top, and the rate-limit counters. */
export interface WebContext {
  env: WebEnv;
  database: OpenDatabase;
  prisma: OpenDatabase["prisma"];
  bus: EventBus;
  domain: Domain;
  live: LiveHub;
  /** In Redis with REDIS_URL (shared with every server node and web app), else in this process. */
  rateLimits: RateLimitStore;
  signUpLimit: BucketRule;
  signInThrottle: SignInThrottle;
}

const KEY = Symbol.for("chat.web.context");
type Holder = { [KEY]?: Promise<WebContext> };

async function createWebContext(): Promise<WebContext> {
  const env = readWebEnv();
  // No DATABASE_URL: the server process owns the embedded database; join it.
  const database = await openDatabase({ embeddedRole: "join" });
  const bus = createEventBus({ role: "client" });
  const domain = createDomain({ db: database.prisma, bus, urls: env.urls, clock: systemClock, attachmentSigningKey: env.attachmentSigningKey });
  const live = new LiveHub(bus, channelViewers(database.prisma));
  const rateLimits = createRateLimitStore({ redisUrl: env.redisUrl, namespace: env.redisNamespace });
  return { env, database, prisma: database.prisma, bus, domain, live, rateLimits, signUpLimit: signUpLimit(env.signUpsPerHour), signInThrottle: createSignInThrottle(rateLimits) };
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
