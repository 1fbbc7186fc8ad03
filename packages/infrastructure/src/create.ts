import { memoryShortLived, redisShortLived, remoteShortLived, type ShortLived } from "@chat/ephemeral";
import { type EventBus, HubBus, HubClientBus, internalSecret, RedisBus } from "@chat/events";
import { memoryPresence, redisPresence, remotePresence } from "@chat/presence";
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from "@chat/rate-limit";
import type { InfrastructureEnv } from "./env";
import type { Infrastructure } from "./infrastructure";
import { deploymentShape } from "./shape";

export interface InfrastructureConfig extends InfrastructureEnv {
  /** The server is the event hub (without Redis); the web app and the CLI are its clients. */
  role: "hub" | "client";
  /** Milliseconds now, for expiries kept in this process's memory (the domain's clock; Redis keeps its own time). */
  now?: () => number;
}

/**
 * The one place that chooses memory or Redis, for the server, the web app and the CLI alike:
 * - REDIS_URL: the bus, presences, the short-lived store, rate limits and gateway sessions in Redis,
 *   shared by every server node and web app process;
 * - else the server is the event hub and keeps them in its memory, serving its clients over its
 *   internal API with the hub's shared secret; its clients reach them there.
 */
export function createInfrastructure(config: InfrastructureConfig): Infrastructure {
  const shape = deploymentShape(config);
  if (shape.kind === "redis") return redisInfrastructure(shape.redisUrl, shape.namespace);
  const secret = internalSecret(config.dataDir, config.internalSecret);
  if (config.role === "hub") return hubInfrastructure(secret, config);
  return hubClientInfrastructure(shape.hubUrl, secret, config.namespace);
}

function redisInfrastructure(url: string, namespace: string): Infrastructure {
  const bus = new RedisBus(url, `chat:events:${namespace}`);
  return assemble(bus, {
    shortLived: () => redisShortLived({ redisUrl: url, namespace }),
    rateLimits: () => createRedisRateLimitStore(url, namespace),
    presence: (options) => redisPresence({ ...options, redisUrl: url, namespace, channel: bus.channel }),
    sessionStorage: (kinds) => kinds.redis({ url, namespace, bus }),
    hub: null,
    redisCheck: async () => {
      await bus.whenReady();
      await bus.ping();
    },
    connected: async () => {
      await bus.whenReady();
      return true;
    },
  });
}

function hubInfrastructure(secret: string, config: InfrastructureConfig): Infrastructure {
  const bus = new HubBus(secret);
  return assemble(bus, {
    shortLived: () => memoryShortLived({ now: config.now, apiSecret: secret }),
    rateLimits: () => createMemoryRateLimitStore(config.namespace),
    presence: (options) => memoryPresence({ ...options, bus, apiSecret: secret }),
    sessionStorage: (kinds) => kinds.single(),
    hub: bus,
    redisCheck: null,
    connected: async () => true,
  });
}

function hubClientInfrastructure(hubUrl: string, secret: string, namespace: string): Infrastructure {
  const bus = new HubClientBus(hubUrl, secret);
  return assemble(bus, {
    shortLived: () => remoteShortLived({ hubUrl, secret }),
    rateLimits: () => createMemoryRateLimitStore(namespace),
    presence: (options) => remotePresence({ ...options, hubUrl, secret }),
    sessionStorage: (kinds) => kinds.single(),
    hub: null,
    redisCheck: null,
    connected: (hubTimeoutMs) => bus.whenReady(hubTimeoutMs),
  });
}

type Parts = Omit<Infrastructure, "bus" | "shortLived" | "rateLimits" | "close"> & {
  shortLived: () => ShortLived;
  rateLimits: () => RateLimitStore;
};

/** The stores are opened on first use (the CLI uses the bus alone), and closed only if opened. */
function assemble(bus: EventBus, parts: Parts): Infrastructure {
  let shortLived: ShortLived | undefined;
  let rateLimits: RateLimitStore | undefined;
  return {
    bus,
    get shortLived() {
      shortLived ??= parts.shortLived();
      return shortLived;
    },
    get rateLimits() {
      rateLimits ??= parts.rateLimits();
      return rateLimits;
    },
    presence: parts.presence,
    sessionStorage: parts.sessionStorage,
    hub: parts.hub,
    redisCheck: parts.redisCheck,
    connected: parts.connected,
    async close() {
      await shortLived?.close();
      await rateLimits?.close();
      await bus.close();
    },
  };
}
