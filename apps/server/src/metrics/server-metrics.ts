import type { DomainMetrics } from "@chat/domain";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { createGatewayMetrics, type GatewayMetrics } from "./gateway-metrics";
import { createStorageMetrics, type StorageMetrics } from "./storage-metrics";
import { createVoiceMetrics, type VoiceMetrics } from "./voice-metrics";

/** Seconds: from a cached read to a slow page of history. */
const REQUEST_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One server node's Prometheus metrics, in its own registry (several nodes may run in one
 * process, as in the tests): what each part of the node counts, and the text served at
 * /metrics (metrics/listener.ts). Recording is cheap (prom-client's counters and histograms);
 * nothing is served unless METRICS_PORT is set.
 */
export interface ServerMetrics {
  readonly registry: Registry;
  /** Adds the process's own metrics (CPU, memory, event loop, GC), once: where they are served, as each collector watches the process for good. */
  includeProcessMetrics(): void;
  /** One answered HTTP request: `route` is the route's pattern (`/api/v10/channels/:channel_id`), never a raw URL. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A 429 of the REST rate limits: the bucket's name, or `global` for the bot's 50 per second. */
  rateLimited(bucket: string): void;
  readonly gateway: GatewayMetrics;
  readonly storage: StorageMetrics;
  readonly voice: VoiceMetrics;
  /** What the domain services report (interaction callbacks). */
  readonly domain: DomainMetrics;
}

export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  let processMetrics = false;
  const registers = [registry];
  const requests = new Histogram({
    name: "chat_http_request_duration_seconds",
    help: "HTTP requests answered (REST, CDN, internal, health), by method, route pattern and status, with their time",
    labelNames: ["method", "route", "status"] as const,
    buckets: REQUEST_SECONDS,
    registers,
  });
  const rateLimited = new Counter({
    name: "chat_rate_limited_total",
    help: "REST requests refused with 429 by a rate limit, by bucket",
    labelNames: ["bucket"] as const,
    registers,
  });
  const callbacks = new Counter({
    name: "chat_interaction_callbacks_total",
    help: "Interaction callbacks: acknowledged in time, late (after the 3 seconds: 10062), or double (already acknowledged: 40060)",
    labelNames: ["outcome"] as const,
    registers,
  });
  for (const outcome of ["in_time", "late", "double"]) callbacks.inc({ outcome }, 0);
  return {
    registry,
    includeProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },
    request(method, route, status, seconds) {
      requests.observe({ method, route, status }, seconds);
    },
    rateLimited(bucket) {
      rateLimited.inc({ bucket });
    },
    gateway: createGatewayMetrics(registry),
    storage: createStorageMetrics(registry),
    voice: createVoiceMetrics(registry),
    domain: {
      interactionCallback(outcome) {
        callbacks.inc({ outcome });
      },
    },
  };
}
