import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
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
  const logFile = join(
    logDir,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.log`,
  );
  return startLiveKitServer({ binary: requireLiveKitBinary(), webhookUrl, logFile });
}

/**
 * A loopback address that passes every HTTP request on to a real LiveKit and counts the
 * readiness checks among them (`GET /`): what LiveKit itself was asked, seen on the way.
 * Give its `url` as the LiveKit address of the process under test.
 */
export async function countingLiveKitAddress(
  livekit: RunningLiveKit,
): Promise<{ url: string; checks(): number; close(): void }> {
  const upstream = new URL(livekit.httpUrl);
  let checks = 0;
  const server = http.createServer((request, response) => {
    if (request.method === "GET" && request.url === "/") checks += 1;
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `ws://127.0.0.1:${port}`, checks: () => checks, close: () => server.close() };
}
