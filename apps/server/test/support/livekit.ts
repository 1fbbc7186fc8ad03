import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { requireLiveKitBinary } from "@chat/voice/livekit-binary";
import { type RunningLiveKit, startLiveKitServer } from "@chat/voice/livekit-process";

export type { RunningLiveKit };

const logDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../.tmp/livekit-logs");

/**
 * A real LiveKit server on loopback for one test file (free ports, random keys), its webhooks
 * sent to `webhookUrl` when given. Needs the binary (LIVEKIT_BINARY, PATH or `pnpm livekit:install`);
 * without one it fails saying how to get it. Its output goes to .tmp/livekit-logs/.
 */
export async function startTestLiveKit(webhookUrl?: string): Promise<RunningLiveKit> {
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.log`);
  return startLiveKitServer({ binary: requireLiveKitBinary(), webhookUrl, logFile });
}
