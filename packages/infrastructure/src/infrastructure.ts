import type { ShortLived } from "@chat/ephemeral";
import type { EventBus, HubBus, RedisBus } from "@chat/events";
import type { Presence, PresenceOptions } from "@chat/presence";
import type { RateLimitStore } from "@chat/rate-limit";

/** A state kept per deployment shape: the application supplies both kinds, the infrastructure calls the one that fits. */
export interface PerDeployment<T> {
  /** One server node without Redis. */
  single(): T;
  /** Several nodes on one Redis: its address, this deployment's namespace, and the bus on it (to read its stream back). */
  redis(redis: { url: string; namespace: string; bus: RedisBus }): T;
}

/**
 * What one process runs on, for the deployment shape chosen once by createInfrastructure:
 * ports, so that callers never learn which backend they got.
 */
export interface Infrastructure {
  readonly bus: EventBus;
  /** The short-lived store (ephemeral messages, 15 minutes, never the database), opened on first use. */
  readonly shortLived: ShortLived;
  /** The rate-limit counters, shared by every process when they can be, opened on first use. */
  readonly rateLimits: RateLimitStore;
  /** This process's presences (they need the domain, which needs the bus first): call once. */
  presence(options: PresenceOptions): Presence;
  /** The gateway's session storage, as the deployment keeps it. */
  sessionStorage<T>(kinds: PerDeployment<T>): T;
  /** The event hub whose clients (web app, CLI) connect over a WebSocket: the server without Redis; else null. */
  readonly hub: HubBus | null;
  /** Asks Redis whether it answers now (readiness checks); null when the deployment has none. */
  readonly redisCheck: (() => Promise<void>) | null;
  /** Resolves once the bus is connected: Redis's first connection, or the hub within `hubTimeoutMs` (false: not reached). */
  connected(hubTimeoutMs?: number): Promise<boolean>;
  /** Closes what was opened: the short-lived store, the rate-limit counters, then the bus. */
  close(): Promise<void>;
}
