import { accessSync, constants, statSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";

/** The LiveKit release `pnpm livekit:install` builds (later ones carry `replace` lines `go install` refuses). */
export const LIVEKIT_VERSION = "v1.13.5";
/** The Go package of LiveKit's server command (the binary it builds is named `server`). */
export const LIVEKIT_PACKAGE = "github.com/livekit/livekit-server/cmd/server";

/** Where `pnpm livekit:install` puts the binary: the user's cache folder, kept between runs (CI on the same machine reuses it). */
export function defaultLiveKitInstallDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "chat-service", "livekit");
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

/**
 * The LiveKit server binary to run: `configured` (LIVEKIT_BINARY) when it is an executable file,
 * else `livekit-server` or `server` on PATH, else the one `pnpm livekit:install` put in
 * {@link defaultLiveKitInstallDir}; null when there is none.
 */
export function findLiveKitBinary(configured?: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (configured && isExecutableFile(configured)) return configured;
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of ["livekit-server", "server"]) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  const installed = join(defaultLiveKitInstallDir(env), "server");
  return isExecutableFile(installed) ? installed : null;
}

/** What to do when there is no LiveKit binary (said by tests and tools that need one). */
export const LIVEKIT_MISSING = "LiveKit server not found: run `pnpm livekit:install` (needs Go) or set LIVEKIT_BINARY";

/** The LiveKit binary (LIVEKIT_BINARY, PATH or the install folder), or a clear error saying how to get one. For tests: they never skip. */
export function requireLiveKitBinary(env: NodeJS.ProcessEnv = process.env): string {
  const binary = findLiveKitBinary(env.LIVEKIT_BINARY, env);
  if (!binary) {
    const configured = env.LIVEKIT_BINARY ? ` (LIVEKIT_BINARY=${env.LIVEKIT_BINARY} is not an executable file)` : "";
    throw new Error(`${LIVEKIT_MISSING}${configured}`);
  }
  return binary;
}
