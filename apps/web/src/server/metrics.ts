// No "server-only" here: apps/web/server.ts loads this outside the Next.js bundle.
import { openLiveStreams } from "@chat/api/live/open-streams";
import { type MetricsListener, readMetricsPort, startMetricsListener } from "@chat/metrics";
import { collectDefaultMetrics, Gauge, Registry } from "prom-client";

/** The web app's metrics settings, read once by its HTTP server. */
export interface WebMetricsEnv {
  /** WEB_METRICS_PORT: Prometheus metrics at GET /metrics on this port (0: a free one); unset: not served. */
  port?: number;
  /** WEB_METRICS_HOST: the address it binds; unset: the web app's own (`-H`), else every interface. */
  host?: string;
}

export function readWebMetricsEnv(env: Record<string, string | undefined> = process.env): WebMetricsEnv {
  return { port: readMetricsPort("WEB_METRICS_PORT", env.WEB_METRICS_PORT), host: env.WEB_METRICS_HOST || undefined };
}

/** The web process's metrics: people's live streams open here, and the process's own (CPU, memory, event loop, GC). */
export function createWebMetrics(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "chat_web_live_streams",
    help: "People's live streams (browser tabs) open on this web process",
    registers: [registry],
    collect() {
      this.set(openLiveStreams());
    },
  });
  return registry;
}

/** Serves {@link createWebMetrics} on its own port. */
export function startWebMetrics(port: number, host: string): Promise<MetricsListener> {
  return startMetricsListener(createWebMetrics(), port, host);
}
