import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readLocalLiveKitEnv, readServerEnv } from "../env";
import { startServer } from "../server";
import { spawnGatewayNode } from "./gateway-node";
import { childEnv, configureGatewayUrl, configureLiveKit, gatewayNodeEnv, readLauncherEnv } from "./launcher-env";
import { startLocalLiveKit } from "./livekit";

/**
 * `pnpm start`: the whole service on one machine. Builds the web app once if needed,
 * starts the REST node (which owns the embedded database unless DATABASE_URL is set, and is
 * the event hub unless REDIS_URL is), then the gateway node in a process of its own on
 * GATEWAY_PORT (no REST work delays its heartbeats), then the web app. Without LIVEKIT_URL,
 * starts a LiveKit server on loopback first when a binary is found (voice), and hands every
 * process its address and keys.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const webDir = join(root, "apps/web");
const nextBin = join(webDir, "node_modules/.bin/next");

if (!existsSync(join(webDir, ".next/BUILD_ID")) || process.argv.includes("--rebuild")) {
  console.log("building the web app (first start only)…");
  const build = spawnSync(nextBin, ["build"], {
    cwd: webDir,
    stdio: "inherit",
    env: childEnv({ NODE_ENV: "production" }),
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const launcherEnv = readLauncherEnv();
const serverEnv = readServerEnv();
const localLiveKit = readLocalLiveKitEnv();
const livekit = localLiveKit.configured
  ? null
  : await startLocalLiveKit({
      env: localLiveKit,
      dataDir: resolve(serverEnv.dataDir),
      serverHost: serverEnv.host,
      serverPort: serverEnv.port,
    });
if (livekit) configureLiveKit(livekit);
configureGatewayUrl(launcherEnv);

const server = await startServer({ role: "rest" }).catch(async (error) => {
  await livekit?.stop();
  throw error;
});
const gateway = spawnGatewayNode(gatewayNodeEnv(launcherEnv, server.port));
try {
  await gateway.ready();
} catch (error) {
  console.error(`gateway node: ${(error as Error).message}`);
  await gateway.stop();
  await server.close();
  await livekit?.stop();
  process.exit(1);
}
console.log(`server: REST ${server.ctx.urls.apiUrl}  gateway ${server.ctx.urls.gatewayUrl}`);
// The web app's own server (apps/web/server.ts, not `next start`): it tells the app each request's peer address.
const web: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts", "-p", launcherEnv.webPort], {
  cwd: webDir,
  stdio: "inherit",
  // The web app runs in apps/web: hand it absolute paths so both processes share DATA_DIR
  // (embedded database, event-hub secret, session key).
  env: childEnv({ DATA_DIR: launcherEnv.dataDir, SERVER_PORT: String(server.port), NODE_ENV: "production" }),
});
console.log(`web app: ${server.ctx.urls.appUrl}`);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  web.kill("SIGTERM");
  await gateway.stop();
  await server.close();
  await livekit?.stop();
  process.exit(code);
}
web.on("exit", (code) => {
  if (!stopping) {
    console.error(`web app exited (${code}); stopping`);
    void stop(code ?? 1);
  }
});
gateway.child.on("exit", (code) => {
  if (!stopping) {
    console.error(`gateway node exited (${code}); stopping`);
    void stop(code ?? 1);
  }
});
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
