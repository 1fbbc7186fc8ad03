import { accessSync, constants, statSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";

/**
 * The SeaweedFS the tests and CI run as their S3 (`pnpm seaweedfs:install` builds it). Its module
 * has `replace` lines `go install` refuses: it is downloaded, then built inside its folder.
 */
export const SEAWEEDFS_MODULE = "github.com/seaweedfs/seaweedfs";
export const SEAWEEDFS_VERSION = "v0.0.0-20261109003541-7506e5f91cd6";

/** Where `pnpm seaweedfs:install` puts `weed`: the user's cache folder, kept between runs (CI on one machine reuses it). */
export function defaultSeaweedInstallDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "chat-service", "seaweedfs");
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `weed`: SEAWEEDFS_BINARY when it is an executable file, else `weed` on PATH, else the installed one; null when there is none. */
export function findSeaweedBinary(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.SEAWEEDFS_BINARY && isExecutableFile(env.SEAWEEDFS_BINARY)) return env.SEAWEEDFS_BINARY;
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    if (isExecutableFile(join(dir, "weed"))) return join(dir, "weed");
  }
  const installed = join(defaultSeaweedInstallDir(env), "weed");
  return isExecutableFile(installed) ? installed : null;
}

/** `weed`, or a clear error saying how to get it. For tests: they never skip. */
export function requireSeaweedBinary(env: NodeJS.ProcessEnv = process.env): string {
  const binary = findSeaweedBinary(env);
  if (!binary) {
    const configured = env.SEAWEEDFS_BINARY
      ? ` (SEAWEEDFS_BINARY=${env.SEAWEEDFS_BINARY} is not an executable file)`
      : "";
    throw new Error(
      `SeaweedFS not found: run \`pnpm seaweedfs:install\` (needs Go) or set SEAWEEDFS_BINARY${configured}`,
    );
  }
  return binary;
}
