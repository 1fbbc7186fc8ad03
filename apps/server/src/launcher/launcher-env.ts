import { resolve } from "node:path";
import type { LiveKitAccess } from "@chat/voice";

/** What `pnpm start` reads besides the server's configuration (env.ts). */
export interface LauncherEnv {
  /** WEB_PORT: the web app's port; unset: 3000. */
  webPort: string;
  /** DATA_DIR, absolute: the web app runs in apps/web, and both processes share the folder. */
  dataDir: string;
}

export function readLauncherEnv(env: NodeJS.ProcessEnv = process.env): LauncherEnv {
  return { webPort: env.WEB_PORT || "3000", dataDir: resolve(env.DATA_DIR || "./data") };
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
