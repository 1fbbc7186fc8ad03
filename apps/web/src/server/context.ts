import "server-only";
import { LiveHub } from "@chat/api";
import { joinDatabase, type OpenDatabase } from "@chat/db";
import { channelViewers, createDomain, type Domain, systemClock } from "@chat/domain";
import type { ShortLived } from "@chat/ephemeral";
import type { EventBus } from "@chat/events";
import { createInfrastructure, type Infrastructure } from "@chat/infrastructure";
import { type Presence, TabPresence } from "@chat/presence";
import {
  createSignInThrottle,
  type RateLimitStore,
  type SignInThrottle,
  type SignUpLimits,
  signUpLimits,
} from "@chat/rate-limit";
import { LiveKitMedia } from "@chat/voice";
import { readWebEnv, type WebEnv } from "@/server/env";
import { onDrain } from "./draining";

/** One per process: the database connection, the event bus client, the domain on top, people's live streams and presence, and the rate-limit counters. */
export interface WebContext {
  env: WebEnv;
  database: OpenDatabase;
  prisma: OpenDatabase["prisma"];
  /** Memory or Redis, chosen once (@chat/infrastructure): the bus and the stores below come from it. */
  infrastructure: Infrastructure;
  bus: EventBus;
  domain: Domain;
  live: LiveHub;
  /** Ephemeral messages' store: Redis with REDIS_URL, else the server's memory over its internal API (a component of one is used from here). */
  shortLived: ShortLived;
  /** Who is online: this process's open tabs keep their people online; reads cover bots too (Redis, or the server's memory over its internal API). */
  presence: Presence;
  /** In Redis with REDIS_URL (shared with every server node and web app), else in this process. */
  rateLimits: RateLimitStore;
  signUpLimits: SignUpLimits;
  signInThrottle: SignInThrottle;
}

const KEY = Symbol.for("chat.web.context");
type Holder = { [KEY]?: Promise<WebContext> };

async function createWebContext(): Promise<WebContext> {
  const env = readWebEnv();
  // No DATABASE_URL: the server process owns the embedded database; join it.
  const database = await joinDatabase();
  const infrastructure = createInfrastructure({ ...env.infrastructure, role: "client" });
  const { bus, shortLived, rateLimits } = infrastructure;
  const voice = env.livekit ? new LiveKitMedia(env.livekit) : undefined;
  const domain = createDomain({
    db: database.prisma,
    bus,
    urls: env.urls,
    clock: systemClock,
    attachmentSigningKey: env.attachmentSigningKey,
    shortLived: shortLived.store,
    voice,
  });
  const presence = infrastructure.presence({
    guildIdsOf: async (userId) => (await domain.guilds.guildIdsOf(BigInt(userId))).map(String),
  });
  const live = new LiveHub(bus, channelViewers(database.prisma), { presence: new TabPresence(presence.tracker) });
  onDrain(() => live.endAll());
  return {
    env,
    database,
    prisma: database.prisma,
    infrastructure,
    bus,
    domain,
    live,
    presence,
    shortLived,
    rateLimits,
    signUpLimits: signUpLimits({ accounts: env.signUpsPerHour, attempts: env.signUpAttemptsPerHour }),
    signInThrottle: createSignInThrottle(rateLimits),
  };
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
