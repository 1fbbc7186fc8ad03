import { createServerLogger, type Logger } from "./logging/logger";
import { type OwnedDatabase as OpenDatabase, openDatabase } from "@chat/db/open";
import { type Clock, createDomain, type Domain, keptSecret, type PublicUrls, publicUrlsFromEnv, systemClock } from "@chat/domain";
import { createShortLived, type ShortLived } from "@chat/ephemeral";
import { type EventBus, HubBus, internalSecret, LocalBus, RedisBus } from "@chat/events";
import { createPresence, type Presence } from "@chat/presence";
import { createRateLimitStore, type RateLimitStore } from "@chat/rate-limit";
import { type LiveKitAccess, LiveKitMedia, LiveKitWebhooks } from "@chat/voice";
import { readServerEnv, type ServerEnv, type TrustProxy } from "./env";
import type { VoiceWebhookReceiver } from "./http/voice-webhook";
import { createServerMetrics, type ServerMetrics } from "./metrics/server-metrics";

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
  /** Default: LIVEKIT_URL and its keys (voice off without them). */
  livekit?: LiveKitAccess;
  /** Default: a JSON log on stdout at LOG_LEVEL (tests pass a silent one, or one they read). */
  logger?: Logger;
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
  const metrics = createServerMetrics();
  metrics.storage.watchDatabase(database.prisma);
  metrics.storage.watchBus(bus);
  const urls = options.urls ?? publicUrlsFromEnv();
  const clock = options.clock ?? systemClock;
  const attachmentSigningKey = options.attachmentSigningKey ?? env.attachmentSigningKey ?? keptSecret(options.dataDir ?? env.dataDir, "attachment-signing-key");
  const redisNamespace = options.redisNamespace ?? process.env.REDIS_NAMESPACE ?? "default";
  // The hub's clients (the web app) call the internal APIs with the hub's secret.
  const hubSecret = bus instanceof HubBus ? internalSecret(options.dataDir) : undefined;
  const shortLived = createShortLived({ bus, redisUrl, namespace: redisNamespace, secret: hubSecret, now: () => clock.now().getTime() });
  const livekit = options.livekit ?? env.livekit;
  const domain = createDomain({ db: database.prisma, bus, urls, clock, attachmentSigningKey, shortLived: shortLived.store, voice: livekit ? new LiveKitMedia(livekit) : undefined, metrics: metrics.domain });
  if (livekit) metrics.voice.watch(database.prisma);
  const rateLimited = options.rateLimits ?? process.env.RATE_LIMITS !== "off";
  const presence = createPresence({
    bus,
    guildIdsOf: async (userId) => (await domain.guilds.guildIdsOf(BigInt(userId))).map(String),
    redisUrl,
    namespace: redisNamespace,
    secret: hubSecret,
  });
  return { database, bus, domain, urls, clock, redisUrl, redisNamespace, presence, shortLived,
    dataDir: options.dataDir ?? env.dataDir,
    rateLimits: rateLimited ? createRateLimitStore({ redisUrl, namespace: redisNamespace }) : null,
    trustProxy: options.trustProxy ?? env.trustProxy,
    logger: options.logger ?? createServerLogger({ level: env.logLevel }),
    voiceWebhook: livekit ? new LiveKitWebhooks(livekit.apiKey, livekit.apiSecret) : undefined,
    livekitUrl: livekit?.url,
    lifecycle: { draining: false },
    metrics,
  };
}

export { LocalBus };
