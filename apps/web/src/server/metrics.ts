// No "server-only" here: apps/web/server.ts loads this outside the Next.js bundle.
import { openLiveStreams } from "@chat/api/live/open-streams";
import { type MetricsListener, startMetricsListener } from "@chat/metrics";
import { collectDefaultMetrics, Gauge, Registry } from "prom-client";

export { readWebMetricsEnv, type WebMetricsEnv } from "./metrics-env";

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
