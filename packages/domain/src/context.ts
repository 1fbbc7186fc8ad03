import type { Db } from "@chat/db";
import type { ShortLivedStore } from "@chat/ephemeral";
import { currentRequestId, type DomainEvent, type EventBus } from "@chat/events";
import type { DomainCaches } from "./caches/domain-caches";
import type { Clock } from "./clock";
import type { PublicUrls } from "./config";
import type { VoiceMedia } from "./services/voice/media";

/** What every domain service works with; one per process (tests build their own). */
export interface DomainContext {
  db: Db;
  bus: EventBus;
  urls: PublicUrls;
  clock: Clock;
  /**
   * Signs the attachment URLs of every answer (HMAC-SHA256); the same on every server node and
   * in the web app, or a URL made by one is refused by another.
   */
  attachmentSigningKey: string;
  /**
   * Where ephemeral messages are kept 15 minutes (never in the database): memory on one node,
   * Redis with several, the hub server's memory for its clients (chosen with the bus by
   * @chat/infrastructure). Default: this process's memory.
   */
  shortLived?: ShortLivedStore;
  /** The media server voice channels run on (LiveKit); absent when voice is not configured. */
  voice?: VoiceMedia;
  /** What this process keeps between requests, kept right by events (createDomain makes them). */
  caches?: DomainCaches;
  /** Hears what operators count (the server's Prometheus metrics); absent: nothing is counted. */
  metrics?: DomainMetrics;
}

/** How an interaction callback went: acknowledged within its 3 seconds, after them (10062), or a second time (40060). */
export type InteractionCallbackOutcome = "in_time" | "late" | "double";

/** What the domain reports to the process's metrics. */
export interface DomainMetrics {
  interactionCallback(outcome: InteractionCallbackOutcome): void;
}

/** Publishes after the write is committed; a failed publish never undoes the write. */
export async function emit(ctx: DomainContext, event: DomainEvent): Promise<void> {
  ctx.caches?.observe(event);
  event.requestId ??= currentRequestId();
  try {
    await ctx.bus.publish(event);
  } catch (error) {
    console.error("event publish failed", event.t, error);
  }
}
