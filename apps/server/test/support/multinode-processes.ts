import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { keptSecret } from "@chat/domain";
import type { TestStorage } from "./test-server";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

/** Variables of the developer's shell that must not reach a node process. */
const SCRUBBED = [
  "DATABASE_URL",
  "EMBEDDED_DB_PORT",
  "RATE_LIMITS",
  "REDIS_URL",
  "REDIS_NAMESPACE",
  "INTERNAL_SECRET",
  "SERVER_INTERNAL_URL",
  "PUBLIC_SERVER_URL",
  "PUBLIC_GATEWAY_URL",
  "PUBLIC_CDN_URL",
  "SERVER_PORT",
  "SERVER_HOST",
  "DATA_DIR",
  "ATTACHMENT_SIGNING_KEY",
];

/** A server node running as its own process (`node --import tsx apps/server/src/main.ts`). */
export interface NodeProcess {
  name: string;
  child: ChildProcess;
  port: number;
  /** Where it serves its embedded database (without a database URL). */
  embeddedPort?: number;
  /** http://127.0.0.1:PORT/api/v10 */
  base: string;
  /** ws://127.0.0.1:PORT/gateway */
  gatewayUrl: string;
  exited: Promise<void>;
  /** The last lines it printed. */
  tail(): string;
  /** Whether one of its last 200 lines contains `text`. */
  printed(text: string): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

export interface NodeProcessOptions {
  /** More configuration (RATE_LIMITS=off for load). */
  env?: Record<string, string>;
  /** The ports of a node it replaces (a restart the web app and clients find where they were); default: free ones. */
  ports?: { port: number; embeddedPort?: number };
  /** `pnpm server-node --role`: default none (`all`); a gateway node is ready when /readyz answers 200. */
  role?: "rest" | "gateway";
  /** The node that owns the embedded database and the event hub (without a database URL or Redis): a gateway node joins them and links to its REST address. */
  joins?: { port: number; embeddedPort?: number };
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts a node on `storage` and waits until it answers. With a database URL (and Redis for
 * several nodes) each node gets a data folder of its own; without one the node owns the
 * embedded database in `storage.dataDir`, which outlives it (a restart finds its data).
 */
export async function startNodeProcess(
  name: string,
  storage: Pick<TestStorage, "databaseUrl" | "redisUrl" | "redisNamespace" | "dataDir">,
  options: NodeProcessOptions = {},
): Promise<NodeProcess> {
  // A chosen free port can be taken by another process's outgoing connection before the node
  // binds it (both come from the ephemeral range): start again on fresh ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startNodeProcessOnce(name, storage, options);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error && error.message.includes("EADDRINUSE"))) throw error;
    }
  }
}

async function startNodeProcessOnce(
  name: string,
  storage: Pick<TestStorage, "databaseUrl" | "redisUrl" | "redisNamespace" | "dataDir">,
  options: NodeProcessOptions,
): Promise<NodeProcess> {
  const port = options.ports?.port ?? (await freePort());
  const embeddedPort = storage.databaseUrl
    ? undefined
    : (options.joins?.embeddedPort ?? options.ports?.embeddedPort ?? (await freePort()));
  const joined = options.joins
    ? {
        PUBLIC_SERVER_URL: `http://127.0.0.1:${options.joins.port}`,
        ...(storage.redisUrl ? {} : { SERVER_INTERNAL_URL: `ws://127.0.0.1:${options.joins.port}/internal/bus` }),
      }
    : {};
  const embedded = !storage.databaseUrl;
  // The storage's folder holds the embedded database, and the hub's secret a hub client must share.
  const sharesDataDir = embedded || (options.joins !== undefined && !storage.redisUrl);
  const dataDir = sharesDataDir ? storage.dataDir : mkdtempSync(join(tmpdir(), `chat-node-${name}-`));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SCRUBBED) delete env[key];
  Object.assign(env, {
    SERVER_PORT: String(port),
    SERVER_HOST: "127.0.0.1",
    PUBLIC_SERVER_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // Each node has its own data folder, so they share the key as a deployment does: configured.
    // It is the storage's own, so a context opened on `storage.dataDir` signs alike.
    ATTACHMENT_SIGNING_KEY: keptSecret(storage.dataDir, "attachment-signing-key"),
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : { EMBEDDED_DB_PORT: String(embeddedPort) }),
    ...(storage.redisUrl ? { REDIS_URL: storage.redisUrl, REDIS_NAMESPACE: storage.redisNamespace } : {}),
    ...joined,
    ...options.env,
  });
  const roleArgs = options.role ? ["--role", options.role] : [];
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts", ...roleArgs], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  if (!sharesDataDir) exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const running = () => child.exitCode === null && child.signalCode === null;
  const node: NodeProcess = {
    name,
    child,
    port,
    embeddedPort,
    base: `http://127.0.0.1:${port}/api/v10`,
    gatewayUrl: `ws://127.0.0.1:${port}/gateway`,
    exited,
    tail: () => lines.slice(-40).join("\n"),
    printed: (text) => lines.some((line) => line.includes(text)),
    async kill(signal) {
      if (running()) child.kill(signal);
      await exited;
    },
    async stop() {
      if (!running()) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 8_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!running()) throw new Error(`node ${name} exited before answering:\n${node.tail()}`);
    // A gateway node serves no REST route: its readiness says it is up (database and hub or Redis reached).
    const probe = options.role === "gateway" ? `http://127.0.0.1:${port}/readyz` : `${node.base}/gateway`;
    const status = await fetch(probe, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return node;
    await new Promise((r) => setTimeout(r, 200));
  }
  await node.stop();
  throw new Error(`node ${name} did not answer in time:\n${node.tail()}`);
}
