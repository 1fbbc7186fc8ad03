// TEMPORARY stand-in until the lk branch lands (then replaced by its version).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";

export interface RunningLiveKit { url: string; httpUrl: string; apiKey: string; apiSecret: string; stop(): Promise<void> }

async function freePort(): Promise<number> {
  return new Promise((resolve) => { const s = createServer(); s.listen(0, "127.0.0.1", () => { const p = (s.address() as { port: number }).port; s.close(() => resolve(p)); }); });
}

export async function startTestLiveKit(webhookUrl?: string): Promise<RunningLiveKit> {
  const [port, tcp, udp] = [await freePort(), await freePort(), await freePort()];
  const apiKey = "testkey"; const apiSecret = randomBytes(24).toString("hex");
  const config = `port: ${port}\nbind_addresses: ["127.0.0.1"]\nkeys: { ${apiKey}: "${apiSecret}" }\nrtc: { udp_port: ${udp}, tcp_port: ${tcp}, node_ip: 127.0.0.1, use_external_ip: false, enable_loopback_candidate: true, stun_servers: ["127.0.0.1:3478"] }\nlogging: { level: warn }\n${webhookUrl ? `webhook: { api_key: ${apiKey}, urls: ["${webhookUrl}"] }\n` : ""}`;
  const child = spawn(process.env.LIVEKIT_BINARY ?? "/work/.cache/livekit/server", [], { env: { ...process.env, LIVEKIT_CONFIG: config }, stdio: "ignore" });
  for (let i = 0; i < 200; i++) { try { if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
  return { url: `ws://127.0.0.1:${port}`, httpUrl: `http://127.0.0.1:${port}`, apiKey, apiSecret, async stop() { child.kill("SIGKILL"); } };
}
