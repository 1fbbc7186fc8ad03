import { resolve } from "node:path";
import type { LiveKitAccess } from "@chat/voice";

/** What `pnpm start` reads besides the server's configuration (env.ts). */
export interface LauncherEnv {
  /** WEB_PORT: the web app's port; unset: 3000. */
  webPort: string;
  /** DATA_DIR, absolute: the web app runs in apps/web, and both processes share the folder. */
  dataDir: string;
  /** GATEWAY_PORT: the gateway node's port (a process of its own beside the REST node); unset: 8081. */
  gatewayPort: number;
  /** GATEWAY_METRICS_PORT: the gateway node's Prometheus port; unset: its metrics are not served. */
  gatewayMetricsPort?: string;
}

export function readLauncherEnv(env: NodeJS.ProcessEnv = process.env): LauncherEnv {
  const gatewayPort = Number(env.GATEWAY_PORT || 8081);
  if (!Number.isInteger(gatewayPort) || gatewayPort < 1 || gatewayPort > 65535)
    throw new Error(`GATEWAY_PORT is not a port: ${env.GATEWAY_PORT}`);
  return {
    webPort: env.WEB_PORT || "3000",
    dataDir: resolve(env.DATA_DIR || "./data"),
    gatewayPort,
    gatewayMetricsPort: env.GATEWAY_METRICS_PORT || undefined,
  };
}

/** The environment a child process (the web app's build or server) gets: this process's, with `overrides`. */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}

/** As if configured: the server (its configuration is read after this) and the web app (its environment) see the local LiveKit. */
export function configureLiveKit(livekit: Pick<LiveKitAccess, "url" | "apiKey" | "apiSecret">): void {
  process.env.LIVEKIT_URL = livekit.url;
  process.env.LIVEKIT_API_KEY = livekit.apiKey;
  process.env.LIVEKIT_API_SECRET = livekit.apiSecret;
}

/**
 * The REST node hands bots the gateway node's address (GET /gateway/bot, resume_gateway_url),
 * unless PUBLIC_GATEWAY_URL names one already: call before the server reads its configuration.
 */
export function configureGatewayUrl(launcher: Pick<LauncherEnv, "gatewayPort">): void {
  process.env.PUBLIC_GATEWAY_URL ||= `ws://localhost:${launcher.gatewayPort}/gateway`;
}

/**
 * The gateway node's environment: its own port (and metrics port), the REST node's public
 * address for the links it writes, and the REST node's event hub (without Redis; it also
 * shares the embedded database through DATA_DIR).
 */
export function gatewayNodeEnv(launcher: LauncherEnv, restPort: number): NodeJS.ProcessEnv {
  return childEnv({
    SERVER_PORT: String(launcher.gatewayPort),
    PUBLIC_SERVER_URL: process.env.PUBLIC_SERVER_URL || `http://localhost:${restPort}`,
    SERVER_INTERNAL_URL: process.env.SERVER_INTERNAL_URL || `ws://127.0.0.1:${restPort}/internal/bus`,
    DATA_DIR: launcher.dataDir,
    METRICS_PORT: launcher.gatewayMetricsPort ?? "",
  });
}
