// Until the e2e harness starts LiveKit itself (the launcher's change), voice specs start their own.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer, request } from "node:http";
import { join } from "node:path";
import { freePort, type LoggedProcess, spawnLogged, waitForHttp } from "../fixtures/processes";
import { repoRoot } from "../fixtures/service";

export interface E2ELiveKit {
  /** The service's environment for voice: LIVEKIT_URL and its keys. */
  env: Record<string, string>;
  /** Where LiveKit's webhooks go: the running service's server (known once it has started). */
  forwardTo(serverUrl: string): void;
  stop(): Promise<void>;
}

/**
 * A real LiveKit server (LIVEKIT_BINARY, else /work/.cache/livekit/server) on free ports of
 * 127.0.0.1, its webhooks sent through a small forwarder to whichever server `forwardTo` names
 * (the service starts after LiveKit, on a port chosen then).
 */
export async function startE2ELiveKit(): Promise<E2ELiveKit> {
  let target: string | null = null;
  const forwarder = createServer((incoming, reply) => {
    if (!target) {
      reply.writeHead(503).end();
      return;
    }
    const url = new URL(incoming.url ?? "/", target);
    const outgoing = request(url, { method: incoming.method, headers: incoming.headers }, (answer) => {
      reply.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(reply);
    });
    outgoing.on("error", () => reply.writeHead(502).end());
    incoming.pipe(outgoing);
  });
  await new Promise<void>((resolve) => forwarder.listen(0, "127.0.0.1", resolve));
  const forwarderPort = (forwarder.address() as { port: number }).port;

  const [port, tcpPort, udpPort] = [await freePort(), await freePort(), await freePort()];
  const apiKey = "e2ekey";
  const apiSecret = randomBytes(24).toString("hex");
  const config = [
    `port: ${port}`,
    `bind_addresses: ["127.0.0.1"]`,
    `keys: { ${apiKey}: "${apiSecret}" }`,
    `rtc: { udp_port: ${udpPort}, tcp_port: ${tcpPort}, node_ip: 127.0.0.1, use_external_ip: false, enable_loopback_candidate: true }`,
    `webhook: { api_key: ${apiKey}, urls: ["http://127.0.0.1:${forwarderPort}/livekit/webhook"] }`,
    "logging: { level: info }",
  ].join("\n");
  const logs = join(repoRoot, ".tmp/e2e-logs", `livekit-${port}`);
  mkdirSync(logs, { recursive: true });
  const livekit: LoggedProcess = spawnLogged("livekit", process.env.LIVEKIT_BINARY ?? "/work/.cache/livekit/server", [], {
    cwd: repoRoot,
    env: { ...process.env, LIVEKIT_CONFIG: config },
    logFile: join(logs, "livekit.log"),
  });
  await waitForHttp(`http://127.0.0.1:${port}/`, livekit, { ok: (status) => status === 200 });
  return {
    env: { LIVEKIT_URL: `ws://127.0.0.1:${port}`, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret },
    forwardTo(serverUrl) {
      target = serverUrl;
    },
    async stop() {
      await livekit.stop();
      await new Promise((resolve) => forwarder.close(resolve));
    },
  };
}
