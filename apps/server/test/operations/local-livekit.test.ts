import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { keptSecret } from "@chat/domain";
import { requireLiveKitBinary } from "@chat/voice/livekit-binary";
import { RoomServiceClient, WebhookReceiver } from "livekit-server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLocalLiveKitEnv } from "../../src/env";
import { startLocalLiveKit } from "../../src/launcher/livekit";

/** apps/server/src/launcher/livekit.ts: the LiveKit `pnpm start` runs when LIVEKIT_URL is unset. */
describe("the launcher's own LiveKit", () => {
  it("is not started when LIVEKIT_URL names one, and LIVEKIT_PORT must be a port", () => {
    expect(readLocalLiveKitEnv({ LIVEKIT_URL: "wss://livekit.example.org" }).configured).toBe(true);
    expect(readLocalLiveKitEnv({ LIVEKIT_URL: " " }).configured).toBe(false);
    expect(readLocalLiveKitEnv({ LIVEKIT_PORT: "7990", LIVEKIT_BINARY: "/opt/livekit" })).toEqual({
      configured: false,
      port: 7990,
      binary: "/opt/livekit",
    });
    expect(() => readLocalLiveKitEnv({ LIVEKIT_PORT: "seven" })).toThrow(/LIVEKIT_PORT/);
  });

  let dataDir: string;
  let server: Server;
  let serverPort: number;
  const webhooks: string[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "local-livekit-"));
    // Stands where the server node listens: records the webhooks whose signature verifies with the kept keys.
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", async () => {
        const apiKey = `chat-${keptSecret(dataDir, "livekit-api-key").slice(0, 12)}`;
        const event = await new WebhookReceiver(apiKey, keptSecret(dataDir, "livekit-api-secret")).receive(
          body,
          request.headers.authorization,
        );
        webhooks.push(`${request.url} ${event.event} ${event.room?.name}`);
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    serverPort = (server.address() as { port: number }).port;
  });
  afterAll(() => {
    server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs on loopback with keys kept in DATA_DIR, sending its webhooks to the server's route", async () => {
    // Port 0: a free one (not 7880, which a `pnpm start` or the other storage pass may hold).
    const env = { configured: false, binary: requireLiveKitBinary(), port: 0 };
    const first = await startLocalLiveKit({ env, dataDir, serverHost: "0.0.0.0", serverPort });
    expect(first).not.toBeNull();
    const { url, httpUrl, apiKey, apiSecret } = first!;
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    try {
      await new RoomServiceClient(httpUrl, apiKey, apiSecret).createRoom({ name: "launcher" });
      await expect.poll(() => webhooks, { timeout: 10_000 }).toContain("/livekit/webhook room_started launcher");
    } finally {
      await first!.stop();
    }
    const again = await startLocalLiveKit({ env, dataDir, serverHost: "0.0.0.0", serverPort });
    try {
      expect({ apiKey: again!.apiKey, apiSecret: again!.apiSecret }).toEqual({ apiKey, apiSecret });
      expect(apiSecret.length).toBeGreaterThanOrEqual(32);
    } finally {
      await again!.stop();
    }
  });
});
