import { type OpenDatabase, openDatabase } from "@chat/db";
import { type Clock, createDomain, type Domain, keptSecret, type PublicUrls, publicUrlsFromEnv, systemClock } from "@chat/domain";
import { type EventBus, HubBus, internalSecret, LocalBus, RedisBus } from "@chat/events";
import { createRateLimitStore, type RateLimitStore } from "@chat/rate-limit";
import { readServerEnv, type ServerEnv, type TrustProxy } from "./env";

/** Everything one server node runs on. */
export interface ServerContext {
  database: OpenDatabase;
  bus: EventBus;
  domain: Domain;
  urls: PublicUrls;
  clock: Clock;
  redisUrl?: string;
  redisNamespace: string;
  /**
   * The counters of the spec's REST rate limits (in Redis with REDIS_URL, else in memory);
   * null when RATE_LIMITS=off turns them off (load tests, a private deployment).
   */
  rateLimits: RateLimitStore | null;
  /** Whose X-Forwarded-For gives a request's address (TRUST_PROXY); `false`: the socket's address. */
  trustProxy: TrustProxy;
  /** LOG_LEVEL: the HTTP request log's level; unset: no log. */
  logLevel?: string;
}

export interface ContextOptions {
  databaseUrl?: string;
  dataDir?: string;
  embeddedPort?: number;
  redisUrl?: string;
  /** Separates the Redis channels and keys of independent deployments (and test runs) on one Redis. */
  redisNamespace?: string;
  urls?: PublicUrls;
  clock?: Clock;
  /** Tests may run without a hub. */
  bus?: EventBus;
  /** Default: on, unless RATE_LIMITS=off. */
  rateLimits?: boolean;
  /** Default: TRUST_PROXY (off when unset). */
  trustProxy?: TrustProxy;
  /** Default: ATTACHMENT_SIGNING_KEY, else the one kept in the data folder. */
  attachmentSigningKey?: string;
}

/** `env`: the server's configuration, when the caller has read it already (read once). */
export async function createServerContext(options: ContextOptions = {}, env: ServerEnv = readServerEnv()): Promise<ServerContext> {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    embeddedPort: options.embeddedPort,
    embeddedRole: "own",
  });
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? undefined;
  const bus =
    options.bus ?? (redisUrl ? new RedisBus(redisUrl, `chat:events:${options.redisNamespace ?? process.env.REDIS_NAMESPACE ?? "default"}`) : new HubBus(internalSecret(options.dataDir)));
  if (bus instanceof RedisBus) await bus.whenReady();
  const urls = options.urls ?? publicUrlsFromEnv();
  const clock = options.clock ?? systemClock;
  const attachmentSigningKey = options.attachmentSigningKey ?? env.attachmentSigningKey ?? keptSecret(options.dataDir ?? env.dataDir, "attachment-signing-key");
  const domain = createDomain({ db: database.prisma, bus, urls, clock, attachmentSigningKey });
  const redisNamespace = options.redisNamespace ?? process.env.REDIS_NAMESPACE ?? "default";
  const rateLimited = options.rateLimits ?? process.env.RATE_LIMITS !== "off";
  return { database, bus, domain, urls, clock, redisUrl, redisNamespace,
    rateLimits: rateLimited ? createRateLimitStore({ redisUrl, namespace: redisNamespace }) : null,
    trustProxy: options.trustProxy ?? env.trustProxy,
    logLevel: env.logLevel,
  };
}

export { LocalBus };
