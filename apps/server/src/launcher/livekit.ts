import { createServer } from "node:net";
import { join } from "node:path";
import { keptSecret } from "@chat/domain";
import { findLiveKitBinary } from "@chat/voice/livekit-binary";
import { type RunningLiveKit, startLiveKitServer } from "@chat/voice/livekit-process";
import type { LocalLiveKitEnv } from "../env";

const DEFAULT_PORT = 7880;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Where LiveKit reaches the server's webhook route: the server's own address on this machine. */
function webhookUrl(serverHost: string, serverPort: number): string {
  const local = ["0.0.0.0", "::", "", "localhost"].includes(serverHost);
  const host = local ? "127.0.0.1" : serverHost.includes(":") ? `[${serverHost}]` : serverHost;
  return `http://${host}:${serverPort}/livekit/webhook`;
}

/**
 * `pnpm start` without LIVEKIT_URL: a LiveKit server on loopback, when a binary is found, with
 * keys kept in DATA_DIR and its webhooks sent to this server. Null (voice off, said in one line)
 * when there is no binary or it does not start.
 */
export async function startLocalLiveKit(options: {
  env: LocalLiveKitEnv;
  dataDir: string;
  serverHost: string;
  serverPort: number;
}): Promise<RunningLiveKit | null> {
  const binary = findLiveKitBinary(options.env.binary);
  if (!binary) {
    const configured = options.env.binary ? ` (LIVEKIT_BINARY=${options.env.binary} is not an executable file)` : "";
    console.log(
      `voice: off — no LiveKit server found${configured}; run \`pnpm livekit:install\` (needs Go), set LIVEKIT_BINARY, or point LIVEKIT_URL at a LiveKit server.`,
    );
    return null;
  }
  const logFile = join(options.dataDir, "livekit.log");
  const start = (port: number) =>
    startLiveKitServer({
      binary,
      port,
      apiKey: `chat-${keptSecret(options.dataDir, "livekit-api-key").slice(0, 12)}`,
      apiSecret: keptSecret(options.dataDir, "livekit-api-secret"),
      webhookUrl: webhookUrl(options.serverHost, options.serverPort),
      logFile,
    });
  const started = Date.now();
  try {
    // LIVEKIT_PORT as configured (0: a free one); else 7880, or a free one when 7880 is (or just got) taken.
    const livekit =
      options.env.port !== undefined
        ? await start(options.env.port)
        : (await isFree(DEFAULT_PORT))
          ? await start(DEFAULT_PORT).catch(() => start(0))
          : await start(0);
    console.log(`voice: LiveKit ${livekit.url} (${binary}, ready in ${Date.now() - started} ms, log ${logFile})`);
    return livekit;
  } catch (error) {
    console.error(`voice: off — LiveKit did not start: ${(error as Error).message}`);
    return null;
  }
}
