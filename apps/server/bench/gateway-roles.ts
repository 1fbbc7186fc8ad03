import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GatewayOptions } from "../src/gateway";
import type { RunningServer } from "../src/server";
import { startBenchServer } from "./bench-server";
import { sendsAndBeats } from "./gateway-dropped";
import type { GatewayNodeConfig } from "./gateway-node";
import { asker, seed } from "./gateway-world";
import type { PhaseFigures } from "./rest-load";

const here = dirname(fileURLToPath(import.meta.url));

export interface StorageMode {
  name: string;
  databaseUrl?: string;
  redisUrl?: string;
}

export interface UnderSends {
  sends: PhaseFigures;
  beats: PhaseFigures;
}

/** A bot sending flat out with its probe session alone, then with `connections` sessions of the guild receiving every message. */
export interface RolesFigures {
  alone: UnderSends;
  connected: UnderSends;
}

/**
 * The roles scenario of `pnpm bench gateway`: a bot sending flat out through REST while a
 * heartbeat probe times its ACKs, first with the probe's session alone (REST work is all there
 * is), then with `connections` sessions of the guild receiving every message (the
 * dropped-sessions scenario's connected half), with REST and the gateway in two processes as
 * `pnpm start` runs them: a REST node in this process, a gateway node in a child
 * (gateway-node.ts) that joins its storage. No REST work should delay a heartbeat there.
 */
export async function splitRoles(options: {
  mode: StorageMode;
  connections: number;
  seconds: number;
  gateway: Partial<GatewayOptions>;
}): Promise<RolesFigures> {
  const { mode } = options;
  const dataDir = mkdtempSync(join(tmpdir(), "chat-bench-roles-"));
  const redisNamespace = `bench-roles-${process.pid}`;
  const children: ChildProcess[] = [];
  let rest: RunningServer<null> | null = null;
  try {
    rest = await startBenchServer(dataDir, {
      role: "rest",
      databaseUrl: mode.databaseUrl,
      redisUrl: mode.redisUrl,
      redisNamespace,
      rateLimits: false,
      housekeepingIntervalMs: 0,
      interactionDeadlineIntervalMs: 0,
    });
    const config: GatewayNodeConfig = {
      dataDir,
      databaseUrl: mode.databaseUrl,
      embeddedPort: rest.ctx.database.embedded?.port,
      redisUrl: mode.redisUrl,
      redisNamespace,
      gateway: options.gateway,
    };
    const node = fork(join(here, "gateway-node.ts"), [], {
      execArgv: ["--import", "tsx"],
      stdio: "inherit",
      env: {
        ...process.env,
        SERVER_INTERNAL_URL: `ws://127.0.0.1:${rest.port}/internal/bus`,
        BENCH_GATEWAY_NODE: JSON.stringify(config),
      },
    });
    children.push(node);
    const port = await new Promise<number>((resolve, reject) => {
      node.once("message", (message: { port: number }) => resolve(message.port));
      node.once("exit", (code) => reject(new Error(`the bench's gateway node exited (${code})`)));
    });
    const gatewayUrl = `ws://127.0.0.1:${port}/gateway`;
    rest.ctx.urls.gatewayUrl = gatewayUrl;
    const world = await seed(rest);
    const load = {
      apiUrl: rest.ctx.urls.apiUrl,
      gatewayUrl,
      channelId: world.channelId,
      token: world.token,
      seconds: options.seconds,
    };
    // Warm both processes up first (the one-process reference ran its fan-out scenario before).
    await sendsAndBeats({ ...load, seconds: 3 }, children);
    const alone = await sendsAndBeats(load, children);
    const clients = fork(join(here, "gateway-clients.ts"), [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
    children.push(clients);
    await asker(clients)(
      { cmd: "connect", mode: "plain", url: gatewayUrl, token: world.token, count: options.connections },
      "ready",
    );
    return { alone, connected: await sendsAndBeats(load, children) };
  } finally {
    for (const child of children) child.kill();
    await rest?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The scenario's table: the two processes next to the one process of the same storage. */
export function printRoles(connections: number, split: RolesFigures, oneProcess: RolesFigures): void {
  const ratio = (a: number, b: number) => (a / Math.max(0.001, b)).toFixed(2);
  const rows = (label: string, s: UnderSends, o: UnderSends) => [
    [
      `${label}: sends/s (POST, 16 connections)`,
      Math.round(s.sends.perSecond).toLocaleString("en-GB"),
      Math.round(o.sends.perSecond).toLocaleString("en-GB"),
      ratio(s.sends.perSecond, o.sends.perSecond),
    ],
    [
      `${label}: send p99`,
      `${s.sends.p99.toFixed(1)} ms`,
      `${o.sends.p99.toFixed(1)} ms`,
      ratio(s.sends.p99, o.sends.p99),
    ],
    [
      `${label}: heartbeat ACK p99`,
      `${s.beats.p99.toFixed(1)} ms`,
      `${o.beats.p99.toFixed(1)} ms`,
      ratio(s.beats.p99, o.beats.p99),
    ],
  ];
  const body = [
    ...rows("probe alone", split.alone, oneProcess.alone),
    ...rows(`${connections} sessions`, split.connected, oneProcess.connected),
  ];
  const head = ["a bot sending flat out", "REST and gateway processes", "one process (reference)", "ratio"];
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  console.log(
    `\n${line(head)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|\n${body.map(line).join("\n")}\n(target: heartbeat ACK p99 under 10 ms with the gateway in a process of its own while sends run at full speed; the probe receives every message too, so with ${connections} sessions its ACK also waits behind the fan-out the gateway has not sent yet)`,
  );
}
