import { createServerLogger, type Logger } from "./logging/logger";
import { type OwnedDatabase as OpenDatabase, openDatabase } from "@chat/db/open";
import {
  type Clock,
  createDomain,
  type Domain,
  keptSecret,
  type PublicUrls,
  publicUrlsFromEnv,
  systemClock,
} from "@chat/domain";
import type { ShortLived } from "@chat/ephemeral";
import { type EventBus, LocalBus } from "@chat/events";
import { createInfrastructure, type Infrastructure } from "@chat/infrastructure";
import type { Presence } from "@chat/presence";
import type { RateLimitStore } from "@chat/rate-limit";
import { type LiveKitAccess, LiveKitMedia, LiveKitWebhooks } from "@chat/voice";
import { readServerEnv, type ServerEnv, type ServerRole, type TrustProxy } from "./env";
import type { VoiceWebhookReceiver } from "./http/voice-webhook";
import { createServerMetrics, type ServerMetrics } from "./metrics/server-metrics";

/** Everything one server node runs on. */
export interface ServerContext {
  /** What this node runs (REST, the gateway or both): a gateway node joins the database and the event hub another node owns. */
  role: ServerRole;
  database: OpenDatabase;
  bus: EventBus;
  domain: Domain;
  urls: PublicUrls;
  clock: Clock;
  /** Memory or Redis, chosen once (@chat/infrastructure): the bus and the stores below come from it. */
  infrastructure: Infrastructure;
  /** INTERNAL_SECRET is set: the internal endpoints (event hub, internal API) answer other hosts too, else loopback alone. */
  internalFromAnyHost: boolean;
  /**
   * Who is online (bots by their gateway sessions, people by their browser tabs): in Redis with
   * REDIS_URL, else in this process's memory, which the web app reaches over the internal API.
   */
  presence: Presence;
  /**
   * Ephemeral messages' store (15 minutes, never the database): in Redis with REDIS_URL, else in
   * this process's memory, which the web app reaches over the internal API.
   */
  shortLived: ShortLived;
  /**
   * The counters of the spec's REST rate limits (in Redis with REDIS_URL, else in memory);
   * null when RATE_LIMITS=off turns them off (load tests, a private deployment).
   */
  rateLimits: RateLimitStore | null;
  /** Whose X-Forwarded-For gives a request's address (TRUST_PROXY); `false`: the socket's address. */
  trustProxy: TrustProxy;
  /** The node's JSON log (LOG_LEVEL): requests, and the events they caused at debug. */
  logger: Logger;
  /** Checks and reads the media server's webhooks (voice states); absent when voice is off. */
  voiceWebhook?: VoiceWebhookReceiver;
  /** Where this node reaches the media server (readiness checks); absent when voice is off. */
  livekitUrl?: string;
  /** The data folder (embedded database, kept secrets, the gateway journal without Redis). */
  dataDir: string;
  /** Set when the node is shutting down (SIGTERM): readiness answers 503 at once. */
  lifecycle: { draining: boolean };
  /** What the node counts for Prometheus (served on METRICS_PORT when set). */
  metrics: ServerMetrics;
}

export interface ContextOptions {
  /** Default: SERVER_ROLE, else `all`. */
  role?: ServerRole;
  databaseUrl?: string;
  dataDir?: string;
  embeddedPort?: number;
  redisUrl?: string;
  /** Separates the Redis channels and keys of independent deployments (and test runs) on one Redis. */
  redisNamespace?: string;
  urls?: PublicUrls;
  clock?: Clock;
  /** Default: on, unless RATE_LIMITS=off. */
  rateLimits?: boolean;
  /** Default: TRUST_PROXY (off when unset). */
  trustProxy?: TrustProxy;
  /** Default: ATTACHMENT_SIGNING_KEY, else the one kept in the data folder. */
  attachmentSigningKey?: string;
  /** Default: LIVEKIT_URL and its keys (voice off without them). */
  livekit?: LiveKitAccess;
  /** Default: a JSON log on stdout at LOG_LEVEL (tests pass a silent one, or one they read). */
  logger?: Logger;
}

/** `env`: the server's configuration, when the caller has read it already (read once). */
export async function createServerContext(
  options: ContextOptions = {},
  env: ServerEnv = readServerEnv(),
): Promise<ServerContext> {
  const role = options.role ?? env.role;
  // Without DATABASE_URL and REDIS_URL a REST (or all-in-one) node owns the embedded database and
  // is the event hub; a gateway node reaches both there, as the web app does.
  const ownsShared = role !== "gateway";
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    embeddedPort: options.embeddedPort,
    embeddedRole: ownsShared ? "own" : "join",
  });
  const clock = options.clock ?? systemClock;
  const dataDir = options.dataDir ?? env.dataDir;
  const infrastructure = createInfrastructure({
    ...env.infrastructure,
    redisUrl: options.redisUrl ?? env.infrastructure.redisUrl,
    namespace: options.redisNamespace ?? env.infrastructure.namespace,
    dataDir,
    role: ownsShared ? "hub" : "client",
    now: () => clock.now().getTime(),
  });
  const { bus, shortLived } = infrastructure;
  await infrastructure.connected();
  const metrics = createServerMetrics();
  metrics.storage.watchDatabase(database.prisma);
  metrics.storage.watchBus(bus);
  const urls = options.urls ?? publicUrlsFromEnv();
  const attachmentSigningKey =
    options.attachmentSigningKey ?? env.attachmentSigningKey ?? keptSecret(dataDir, "attachment-signing-key");
  const livekit = options.livekit ?? env.livekit;
  const domain = createDomain({
    db: database.prisma,
    bus,
    urls,
    clock,
    attachmentSigningKey,
    shortLived: shortLived.store,
    voice: livekit ? new LiveKitMedia(livekit) : undefined,
    metrics: metrics.domain,
  });
  if (livekit) metrics.voice.watch(database.prisma);
  const rateLimited = options.rateLimits ?? env.rateLimits;
  const presence = infrastructure.presence({
    guildIdsOf: async (userId) => (await domain.guilds.guildIdsOf(BigInt(userId))).map(String),
  });
  return {
    role,
    database,
    bus,
    domain,
    urls,
    clock,
    infrastructure,
    presence,
    shortLived,
    internalFromAnyHost: Boolean(env.infrastructure.internalSecret),
    dataDir,
    rateLimits: rateLimited ? infrastructure.rateLimits : null,
    trustProxy: options.trustProxy ?? env.trustProxy,
    logger: options.logger ?? createServerLogger({ level: env.logLevel }),
    voiceWebhook: livekit ? new LiveKitWebhooks(livekit.apiKey, livekit.apiSecret) : undefined,
    livekitUrl: livekit?.url,
    lifecycle: { draining: false },
    metrics,
  };
}

export { LocalBus };
