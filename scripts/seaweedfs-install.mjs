// `pnpm seaweedfs:install`: makes sure a SeaweedFS binary (`weed`) is at hand for the tests, which
// run it as their S3 store. One found already (SEAWEEDFS_BINARY, `weed` on PATH, or the install
// folder) is kept; else it is built with Go into the install folder under the user's cache (kept
// between CI runs on one machine). Its module has `replace` lines `go install` refuses: it is
// downloaded into Go's module cache, then built inside that folder.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";
import { findGo } from "./find-go.mjs";

register();
const { defaultSeaweedInstallDir, findSeaweedBinary, SEAWEEDFS_MODULE, SEAWEEDFS_VERSION } = await import(
  "../packages/files/src/seaweedfs-binary.ts"
);

/** `weed`, built first when none is found and Go is there. Answers its path, or null (with the reason printed). */
export function ensureSeaweed(env = process.env) {
  const found = findSeaweedBinary(env);
  if (found) return found;
  const go = findGo(env);
  const dir = defaultSeaweedInstallDir(env);
  if (!go) {
    console.error(
      "SeaweedFS not found and Go is not installed: install Go (https://go.dev/dl/), then run `pnpm seaweedfs:install`; or set SEAWEEDFS_BINARY to a `weed` binary.",
    );
    return null;
  }
  const module = `${SEAWEEDFS_MODULE}@${SEAWEEDFS_VERSION}`;
  console.log(`building SeaweedFS ${SEAWEEDFS_VERSION} with ${go} into ${dir} (about 4 minutes the first time)…`);
  const started = Date.now();
  const download = spawnSync(go, ["mod", "download", "-json", module], { encoding: "utf8", env });
  const source = download.status === 0 ? JSON.parse(download.stdout).Dir : null;
  if (!source) {
    console.error(
      `\`${go} mod download ${module}\` failed (${download.status ?? download.signal}): ${download.stderr}`,
    );
    return null;
  }
  mkdirSync(dir, { recursive: true });
  const binary = join(dir, "weed");
  const build = spawnSync(go, ["build", "-o", binary, "./weed"], { cwd: source, stdio: "inherit", env });
  if (build.status !== 0 || !existsSync(binary)) {
    console.error(`\`${go} build -o ${binary} ./weed\` in ${source} failed (${build.status ?? build.signal}).`);
    return null;
  }
  console.log(`SeaweedFS built in ${Math.round((Date.now() - started) / 1000)} s`);
  return binary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const binary = ensureSeaweed();
  if (!binary) process.exit(1);
  const version = spawnSync(binary, ["version"], { encoding: "utf8" }).stdout.trim();
  console.log(`SeaweedFS: ${binary}${version ? ` (${version})` : ""}`);
}
