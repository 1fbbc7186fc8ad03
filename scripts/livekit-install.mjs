// `pnpm livekit:install`: makes sure a LiveKit server binary is at hand for `pnpm start` and the
// tests. One found already (LIVEKIT_BINARY, `livekit-server`/`server` on PATH, or the install
// folder) is kept; else it is built with Go (`go install`, pinned) into the install folder under
// the user's cache (kept between CI runs on one machine, like Go's own module and build caches).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";
import { findGo } from "./find-go.mjs";

register();
const { defaultLiveKitInstallDir, findLiveKitBinary, LIVEKIT_PACKAGE, LIVEKIT_VERSION } = await import(
  "../packages/voice/src/livekit-binary.ts"
);

/**
 * The LiveKit binary, built first when none is found and Go is there. Answers its path, or null
 * (with the reason printed) when there is none and it cannot be built.
 */
export function ensureLiveKit(env = process.env) {
  const found = findLiveKitBinary(env.LIVEKIT_BINARY, env);
  if (found) return found;
  const go = findGo(env);
  const dir = defaultLiveKitInstallDir(env);
  if (!go) {
    console.error(
      `LiveKit server not found and Go is not installed: install Go (https://go.dev/dl/), then run \`pnpm livekit:install\`; or set LIVEKIT_BINARY to a livekit-server binary.`,
    );
    return null;
  }
  console.log(`building LiveKit ${LIVEKIT_VERSION} with ${go} into ${dir} (a few minutes the first time)…`);
  const started = Date.now();
  const build = spawnSync(go, ["install", `${LIVEKIT_PACKAGE}@${LIVEKIT_VERSION}`], {
    stdio: "inherit",
    env: { ...env, GOBIN: dir },
  });
  const binary = join(dir, "server");
  if (build.status !== 0 || !existsSync(binary)) {
    console.error(
      `\`GOBIN=${dir} ${go} install ${LIVEKIT_PACKAGE}@${LIVEKIT_VERSION}\` failed (${build.status ?? build.signal}).`,
    );
    return null;
  }
  console.log(`LiveKit built in ${Math.round((Date.now() - started) / 1000)} s`);
  return binary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const binary = ensureLiveKit();
  if (!binary) process.exit(1);
  const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim();
  console.log(`LiveKit server: ${binary}${version ? ` (${version})` : ""}`);
}
