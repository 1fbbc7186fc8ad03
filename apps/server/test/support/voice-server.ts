import { createServer } from "node:net";
import type { Clock } from "@chat/domain";
import { afterAll, beforeAll } from "vitest";
import { type RunningLiveKit, startTestLiveKit } from "./livekit";
import { botClient, type BotClient, type World } from "./rest-fixtures";
import { startTestServer, type TestServer } from "./test-server";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A test server and a real LiveKit server whose webhooks reach it (the server's port is chosen first). */
export async function startVoiceTestServer(
  options: { clock?: Clock; housekeepingIntervalMs?: number; metrics?: boolean } = {},
): Promise<{ t: TestServer; livekit: RunningLiveKit; close(): Promise<void> }> {
  const port = await freePort();
  const livekit = await startTestLiveKit(`http://127.0.0.1:${port}/livekit/webhook`);
  const t = await startTestServer({
    ...options,
    port,
    livekit: { url: livekit.url, publicUrl: livekit.url, apiKey: livekit.apiKey, apiSecret: livekit.apiSecret },
  });
  return {
    t,
    livekit,
    async close() {
      await t.close();
      await livekit.stop();
    },
  };
}

/** {@link startVoiceTestServer} for a describe block, with a seeded world (a bot holding `permissions`). */
export function useVoiceTestServer(permissions: bigint) {
  let running: Awaited<ReturnType<typeof startVoiceTestServer>> | undefined;
  let world: World | undefined;
  let bot: BotClient | undefined;
  beforeAll(async () => {
    running = await startVoiceTestServer();
    world = await running.t.seed.world(permissions);
    bot = botClient(running.t, world.token);
  }, 60_000);
  afterAll(() => running?.close());
  return {
    get t() {
      return running!.t;
    },
    get livekit() {
      return running!.livekit;
    },
    get world() {
      return world!;
    },
    get bot() {
      return bot!;
    },
  };
}
