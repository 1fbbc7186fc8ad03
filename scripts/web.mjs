// `pnpm web`: the web app alone (for deployments that run server nodes separately).
// Builds it once if needed; DATA_DIR is made absolute so it names the same folder as the server's.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const webDir = join(dirname(fileURLToPath(import.meta.url)), "../apps/web");
const next = join(webDir, "node_modules/.bin/next");
const env = { ...process.env, DATA_DIR: resolve(process.env.DATA_DIR || "./data"), NODE_ENV: "production" };
if (!existsSync(join(webDir, ".next/BUILD_ID"))) {
  const build = spawnSync(next, ["build"], { cwd: webDir, stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The web app's own server (apps/web/server.ts, not `next start`): it tells the app each request's peer address.
const web = spawn(process.execPath, ["--import", "tsx", "server.ts", "-p", process.env.WEB_PORT || "3000"], {
  cwd: webDir,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => web.kill(signal));
web.on("exit", (code) => process.exit(code ?? 0));
