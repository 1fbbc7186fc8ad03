import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createSocket } from "node:dgram";
import { createWriteStream, existsSync, type WriteStream } from "node:fs";
import { createServer, type Server } from "node:net";
import { liveKitProcessEnv } from "./livekit-env";

export interface LiveKitServerOptions {
  /** The LiveKit server binary (see findLiveKitBinary). */
  binary: string;
  /** Signalling and API port on 127.0.0.1; 0 or undefined: a free one. */
  port?: number;
  /** ICE over TCP (LiveKit listens on every interface for it); 0 or undefined: a free one. */
  rtcTcpPort?: number;
  /** Media over UDP; 0 or undefined: a free one. */
  rtcUdpPort?: number;
  /** Where LiveKit posts its webhooks (signed with apiKey); none when undefined. */
  webhookUrl?: string;
  /** Generated (random) when absent. */
  apiKey?: string;
  /** At least 32 characters; generated (random) when absent. */
  apiSecret?: string;
  /** LiveKit's output is appended here (it is kept in memory for error messages either way). */
  logFile?: string;
  /** How long to wait for `GET /` to answer 200 (default 20 s). */
  readyTimeoutMs?: number;
}

/** A LiveKit server started by {@link startLiveKitServer}. */
export interface RunningLiveKit {
  /** ws://127.0.0.1:port, for clients and the server SDK. */
  url: string;
  /** http://127.0.0.1:port */
  httpUrl: string;
  apiKey: string;
  apiSecret: string;
  /** The process's id (for diagnostics). */
  pid: number;
  /** Stops it (SIGTERM, then SIGKILL after 5 s) and waits until it has exited. */
  stop(): Promise<void>;
}

/** Linux: run LiveKit under `setpriv --pdeathsig`, so it dies with the process that started it even when that one is killed. */
const SETPRIV = "/usr/bin/setpriv";

/** LiveKit processes this process started and has not stopped: killed when it exits. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function killOnExit(child: ChildProcess): void {
  running.add(child);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const leftover of running) leftover.kill("SIGKILL");
  });
}

function listenTcp(host: string | undefined): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen({ port: 0, host }, () => resolve(server));
  });
}

/** Free ports, held together while choosing so they differ: TCP on 127.0.0.1 (API), TCP on every interface (ICE/TCP), UDP on every interface (media). */
async function freePorts(): Promise<{ port: number; rtcTcpPort: number; rtcUdpPort: number }> {
  const api = await listenTcp("127.0.0.1");
  const tcp = await listenTcp(undefined);
  const udp = createSocket("udp4");
  await new Promise<void>((resolve, reject) => {
    udp.once("error", reject);
    udp.bind(0, resolve);
  });
  const ports = {
    port: (api.address() as { port: number }).port,
    rtcTcpPort: (tcp.address() as { port: number }).port,
    rtcUdpPort: udp.address().port,
  };
  await Promise.all([
    new Promise((r) => api.close(r)),
    new Promise((r) => tcp.close(r)),
    new Promise<void>((r) => udp.close(() => r())),
  ]);
  return ports;
}

/** LiveKit's configuration (YAML; JSON strings are YAML strings): one node on loopback, no Redis, no public STUN servers. */
export function liveKitConfig(options: {
  port: number;
  rtcTcpPort: number;
  rtcUdpPort: number;
  apiKey: string;
  apiSecret: string;
  webhookUrl?: string;
}): string {
  const q = JSON.stringify;
  const lines = [
    `port: ${options.port}`,
    `bind_addresses: ["127.0.0.1"]`,
    `keys: { ${q(options.apiKey)}: ${q(options.apiSecret)} }`,
    "rtc:",
    `  udp_port: ${options.rtcUdpPort}`,
    `  tcp_port: ${options.rtcTcpPort}`,
    "  node_ip: 127.0.0.1",
    "  use_external_ip: false",
    "  enable_loopback_candidate: true",
    '  ips: { includes: ["127.0.0.1/32"] }',
    // Pinned to a local address: otherwise LiveKit and its clients are told to use Google's STUN servers.
    `  stun_servers: ["127.0.0.1:3478"]`,
    "logging: { level: warn }",
  ];
  if (options.webhookUrl) lines.push(`webhook: { api_key: ${q(options.apiKey)}, urls: [${q(options.webhookUrl)}] }`);
  return `${lines.join("\n")}\n`;
}

class Output {
  private readonly lines: string[] = [];
  private rest = "";
  constructor(private readonly log: WriteStream | null) {}
  add(chunk: Buffer): void {
    this.log?.write(chunk);
    const parts = (this.rest + chunk.toString("utf8")).split("\n");
    this.rest = parts.pop() ?? "";
    this.lines.push(...parts);
    if (this.lines.length > 100) this.lines.splice(0, this.lines.length - 100);
  }
  tail(): string {
    return [...this.lines.slice(-30), this.rest].filter(Boolean).join("\n") || "(no output)";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startOnce(
  options: LiveKitServerOptions & {
    port: number;
    rtcTcpPort: number;
    rtcUdpPort: number;
    apiKey: string;
    apiSecret: string;
  },
): Promise<RunningLiveKit> {
  const config = liveKitConfig(options);
  // Only what it needs: LiveKit also reads NODE_IP, UDP_PORT, REDIS_HOST, LIVEKIT_KEYS… which would override ours.
  const env: NodeJS.ProcessEnv = { NODE_ENV: "production", ...liveKitProcessEnv(), LIVEKIT_CONFIG: config };
  const [command, args] =
    process.platform === "linux" && existsSync(SETPRIV)
      ? [SETPRIV, ["--pdeathsig", "SIGKILL", "--", options.binary]]
      : [options.binary, []];
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const log = options.logFile ? createWriteStream(options.logFile, { flags: "a" }) : null;
  const output = new Output(log);
  child.stdout?.on("data", (chunk: Buffer) => output.add(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.add(chunk));
  let spawnError: Error | null = null;
  child.once("error", (error) => {
    spawnError = error;
  });
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    running.delete(child);
    log?.end();
  });
  killOnExit(child);

  const exitsWithin = async (ms: number) =>
    (await Promise.race([exited.then(() => true), sleep(ms).then(() => false)])) || hasExited;
  // LiveKit ignores a SIGTERM in its first 100 ms after `GET /` answers, and on a first SIGTERM
  // waits (in 5 s steps) for participants to leave; a second one stops it at once.
  const stop = async () => {
    if (hasExited) return;
    child.kill("SIGTERM");
    if (await exitsWithin(300)) return;
    child.kill("SIGTERM");
    if (!(await exitsWithin(5000))) child.kill("SIGKILL");
    await exited;
  };

  const httpUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 20_000);
  for (;;) {
    if (hasExited || spawnError) {
      await exited;
      const cause = spawnError
        ? `could not be started (${(spawnError as Error).message})`
        : `exited (${child.exitCode ?? child.signalCode}) before it was ready`;
      throw new LiveKitStartError(`LiveKit server ${options.binary} ${cause}:\n${output.tail()}`, true);
    }
    try {
      const response = await fetch(`${httpUrl}/`, { signal: AbortSignal.timeout(1000) });
      if (response.status === 200) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new LiveKitStartError(
        `LiveKit server ${options.binary} did not answer GET ${httpUrl}/ within ${(options.readyTimeoutMs ?? 20_000) / 1000} s:\n${output.tail()}`,
        false,
      );
    }
    await sleep(50);
  }
  return {
    url: `ws://127.0.0.1:${options.port}`,
    httpUrl,
    apiKey: options.apiKey,
    apiSecret: options.apiSecret,
    pid: child.pid as number,
    stop,
  };
}

class LiveKitStartError extends Error {
  constructor(
    message: string,
    /** It exited (for instance a port chosen as free was taken meanwhile): worth another try on other ports. */
    readonly exited: boolean,
  ) {
    super(message);
  }
}

/**
 * Starts one LiveKit server on loopback (config in LIVEKIT_CONFIG, see {@link liveKitConfig}) and
 * waits until `GET /` answers 200. Ports left out are chosen free (and chosen again, up to three
 * tries, when LiveKit exits at start, as when another process took one meanwhile). The process
 * is killed when this one exits.
 */
export async function startLiveKitServer(options: LiveKitServerOptions): Promise<RunningLiveKit> {
  const apiKey = options.apiKey ?? `chat-${randomBytes(6).toString("hex")}`;
  const apiSecret = options.apiSecret ?? randomBytes(36).toString("base64url");
  if (apiSecret.length < 32) throw new Error("The LiveKit API secret must have at least 32 characters.");
  const anyChosen = !options.port || !options.rtcTcpPort || !options.rtcUdpPort;
  for (let attempt = 1; ; attempt++) {
    const free = anyChosen ? await freePorts() : null;
    try {
      return await startOnce({
        ...options,
        apiKey,
        apiSecret,
        port: options.port || (free?.port as number),
        rtcTcpPort: options.rtcTcpPort || (free?.rtcTcpPort as number),
        rtcUdpPort: options.rtcUdpPort || (free?.rtcUdpPort as number),
      });
    } catch (error) {
      if (!(error instanceof LiveKitStartError && error.exited && anyChosen && attempt < 3)) throw error;
    }
  }
}
