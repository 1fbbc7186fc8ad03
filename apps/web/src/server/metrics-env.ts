// No "server-only" here: apps/web/server.ts loads this outside the Next.js bundle.
import { readMetricsPort } from "@chat/metrics";

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
