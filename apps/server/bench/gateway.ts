import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { countQueries } from "@chat/db/testing/query-counter";
import type { GatewayOptions } from "../src/gateway";
import type { RunningServer } from "../src/server";
import { startBenchServer } from "./bench-server";
import { type Collected, type Mode, now } from "./gateway-clients";
import { droppedSessions, printDropped, sendsAndBeats } from "./gateway-dropped";
import { startRawServer } from "./gateway-raw";
import { type PathFigures, printReport } from "./gateway-report";
import { printRoles, type RolesFigures, type StorageMode, splitRoles } from "./gateway-roles";
import { type Asker, asker, type MessageEvent, seed } from "./gateway-world";

/**
 * `pnpm bench gateway`: 1,000 connections on loopback, through the gateway (plain and
 * zlib-stream) and, in the same run, through bare `ws` servers (gateway-raw.ts): how long they
 * take to connect (and identify), what each idle one costs the server in memory, how fast a
 * MESSAGE_CREATE fans out to all of them, and how long heartbeats wait meanwhile.
 * The receivers run in a child process; CPU and memory are this process's (server side: bus,
 * audience check on the embedded database, framing, compression, sockets).
 * Then the dropped-sessions scenario (gateway-dropped.ts): sends and heartbeats while the
 * connections are connected, and right after they all dropped without a close; then the roles
 * scenario (gateway-roles.ts): the connected half again with REST and the gateway in two
 * processes, as `pnpm start` runs them.
 * Embedded database and in-process events always; PostgreSQL + Redis as well when
 * BENCH_DATABASE_URL and BENCH_REDIS_URL name them (the fan-out then goes through Redis: the
 * bus and the replay buffer).
 * Bounded: a fixed number of events per path, every wait has a deadline, and the whole run
 * stops itself after a few minutes at most.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 1000);
const EVENTS = Number(process.env.BENCH_EVENTS || 200);
const WARMUP = 20;
/** The latency run: events at a steady pace well below saturation (20 per second = 20,000 deliveries/s), heartbeats meanwhile. */
const PACED_EVENTS = 60;
const PACED_EVERY_MS = 50;
const BEAT_EVERY_MS = 3;
const HARD_LIMIT_MS = 12 * 60_000;
/** Seconds of sends and heartbeats in each half of the dropped-sessions scenario (well inside the two-minute resume window). */
const DROPPED_SECONDS = Number(process.env.BENCH_SECONDS || 8);
/** Each gateway path and the reference it is compared with; BENCH_PATHS=plain runs only that pair. */
const PAIRS: [Mode, Mode][] = (
  [
    ["raw", "plain"],
    ["raw-zlib", "zlib-stream"],
  ] as [Mode, Mode][]
).filter(([, path]) => !process.env.BENCH_PATHS || process.env.BENCH_PATHS.split(",").includes(path));

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** The bench's gateway limits: every connection of one bot, no heartbeat timeouts, slow identifies allowed. */
const GATEWAY_LIMITS: Partial<GatewayOptions> = {
  maxSessionsPerBot: 2 * CONNECTIONS + 10,
  heartbeatIntervalMs: 600_000,
  identifyTimeoutMs: 120_000,
};

export async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    console.error("bench gateway: stopped after the hard time limit");
    process.exit(1);
  }, HARD_LIMIT_MS);
  hardStop.unref();
  const modes: StorageMode[] = [{ name: "embedded database, in-process events" }];
  if (process.env.BENCH_DATABASE_URL && process.env.BENCH_REDIS_URL)
    modes.push({
      name: "PostgreSQL + Redis",
      databaseUrl: process.env.BENCH_DATABASE_URL,
      redisUrl: process.env.BENCH_REDIS_URL,
    });
  const raws = { raw: await startRawServer("plain"), "raw-zlib": await startRawServer("zlib") };
  try {
    for (const mode of modes) {
      const oneProcess = await benchMode(mode, raws);
      const split = await splitRoles({
        mode,
        connections: CONNECTIONS,
        seconds: DROPPED_SECONDS,
        gateway: GATEWAY_LIMITS,
      });
      printRoles(CONNECTIONS, split, oneProcess);
    }
  } finally {
    await Promise.all(Object.values(raws).map((raw) => raw.close()));
  }
}

type RawServers = Record<"raw" | "raw-zlib", Awaited<ReturnType<typeof startRawServer>>>;

/** The mode's figures in one process; answers the roles scenario's reference. */
async function benchMode(mode: StorageMode, raws: RawServers): Promise<RolesFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), "chat-bench-"));
  let server: RunningServer | null = null;
  let clients: ChildProcess | null = null;
  try {
    console.log(`
=== ${mode.name} ===`);
    server = await startGatewayBenchServer(dataDir, mode);
    const world = await seed(server);
    clients = fork(join(dirname(fileURLToPath(import.meta.url)), "gateway-clients.ts"), [], {
      execArgv: ["--import", "tsx"],
      stdio: "inherit",
    });
    const ask = asker(clients);
    const statements = countQueries();
    const gatewayUrl = server.ctx.urls.gatewayUrl;
    const url = (path: Mode) => (path === "raw" || path === "raw-zlib" ? raws[path].url : gatewayUrl);

    console.log(
      `gateway: ${CONNECTIONS} connections on loopback; MESSAGE_CREATE fan-out, ${EVENTS} events per path (after ${WARMUP} warm-up events)\n`,
    );
    // Idle connections first, every path's kept open while the next path's open, so each one's
    // memory is growth the allocator could not serve from what an earlier path freed.
    const idle = new Map<Mode, IdleFigures>();
    let before = await settledMemory();
    for (const path of PAIRS.flat()) {
      const queriesBefore = statements.count;
      const connectMs = await connect(ask, path, url(path), world.token);
      const queries = statements.count - queriesBefore;
      const after = await settledMemory();
      idle.set(path, {
        connectMs,
        statementsPerIdentify: queries / CONNECTIONS,
        heapPerConnection: (after.heap - before.heap) / CONNECTIONS,
        rssPerConnection: (after.rss - before.rss) / CONNECTIONS,
      });
      before = after;
      const gateway = path === "plain" || path === "zlib-stream";
      console.log(
        `  ${path}: ${CONNECTIONS} connections ${gateway ? "identified" : "open"} in ${(connectMs / 1000).toFixed(1)} s${gateway ? `, ${(queries / CONNECTIONS).toFixed(2)} statements per identify` : ""}`,
      );
    }
    await ask({ cmd: "close" }, "closed");

    // Then each path's fan-out, with only its own connections open.
    const results = new Map<Mode, PathFigures>();
    for (const path of PAIRS.flat()) {
      await connect(ask, path, url(path), world.token);
      const send =
        path === "raw" || path === "raw-zlib"
          ? rawSender(raws[path].broadcast, world.template)
          : gatewaySender(server, world.template);
      await run(ask, send, WARMUP, 0);
      const burst = await run(ask, send, EVENTS, 0);
      const paced = await run(ask, send, PACED_EVENTS, PACED_EVERY_MS, BEAT_EVERY_MS);
      results.set(path, { ...burst, paced, ...(idle.get(path) as IdleFigures) });
      await ask({ cmd: "close" }, "closed");
    }
    statements.stop();
    printReport(
      PAIRS.map(([reference, path]) => ({
        path,
        measured: results.get(path) as PathFigures,
        reference: results.get(reference) as PathFigures,
      })),
      {
        connections: CONNECTIONS,
        events: EVENTS,
        pacedEvents: PACED_EVENTS,
        pacedEveryMs: PACED_EVERY_MS,
        beatEveryMs: BEAT_EVERY_MS,
      },
    );
    const load = {
      apiUrl: server.ctx.urls.apiUrl,
      gatewayUrl,
      channelId: world.channelId,
      token: world.token,
      seconds: DROPPED_SECONDS,
    };
    const loaders: ChildProcess[] = [];
    const alone = await sendsAndBeats(load, loaders).finally(() => {
      for (const child of loaders) child.kill();
    });
    const dropped = await droppedSessions({ ask, ...load, connections: CONNECTIONS });
    printDropped(CONNECTIONS, dropped);
    return { alone, connected: dropped.connected };
  } finally {
    clients?.kill();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type IdleFigures = Pick<PathFigures, "connectMs" | "statementsPerIdentify" | "heapPerConnection" | "rssPerConnection">;

/** Opens (and identifies) the connections of `mode`; how long until the last one was ready. */
async function connect(ask: Asker, mode: Mode, url: string, token: string): Promise<number> {
  const started = now();
  await ask({ cmd: "connect", mode, url, token, count: CONNECTIONS }, "ready");
  return now() - started;
}

/** Heap used plus external memory, and RSS, after the connections settled and two full collections. */
async function settledMemory(): Promise<{ heap: number; rss: number }> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heap: heapUsed + external, rss };
}

/**
 * One node (on an embedded database in a temporary folder unless the mode names PostgreSQL and
 * Redis), loopback only, generous heartbeat and session limits, no rate limits (one bot sends
 * flat out in the dropped-sessions scenario); no housekeeping or interaction-deadline timers,
 * whose statements would be counted with the identifies.
 */
function startGatewayBenchServer(dataDir: string, mode: StorageMode): Promise<RunningServer> {
  return startBenchServer(dataDir, {
    databaseUrl: mode.databaseUrl,
    redisUrl: mode.redisUrl,
    redisNamespace: `bench-gateway-${process.pid}`,
    rateLimits: false,
    housekeepingIntervalMs: 0,
    interactionDeadlineIntervalMs: 0,
    gateway: GATEWAY_LIMITS,
  });
}

type Send = (index: number) => void;

function gatewaySender(server: RunningServer, template: MessageEvent): Send {
  const d = template.d;
  return (index) => {
    const sentAt = now();
    // Without the template's event id: the bus gives each copy its own (Redis drops an id it saw before).
    void server.ctx.bus.publish({
      ...template,
      id: undefined,
      d: { ...d, id: String(10_000_000 + index), content: `bench ${sentAt} ${index}` },
    });
  };
}

/** The bytes a gateway connection gets for the same event (its frame), serialized and encoded once, for every socket. */
function rawSender(broadcast: (payload: Buffer) => void, template: MessageEvent): Send {
  const d = template.d;
  return (index) => {
    const sentAt = now();
    broadcast(
      Buffer.from(
        JSON.stringify({
          t: "MESSAGE_CREATE",
          s: index + 3,
          op: 0,
          d: { ...d, id: String(10_000_000 + index), content: `bench ${sentAt} ${index}` },
        }),
      ),
    );
  };
}

type RunFigures = Omit<
  PathFigures,
  "paced" | "connectMs" | "statementsPerIdentify" | "heapPerConnection" | "rssPerConnection"
>;

/** Sends `events`, one per turn of the event loop or one every `everyMs`, then waits for every delivery. */
async function run(ask: Asker, send: Send, events: number, everyMs: number, beatEveryMs = 0): Promise<RunFigures> {
  await ask({ cmd: "reset", beatEveryMs }, "reset");
  const cpu = process.cpuUsage();
  const start = now();
  for (let i = 0; i < events; i++) {
    send(i);
    if (everyMs > 0) await new Promise((resolve) => setTimeout(resolve, everyMs));
    else await new Promise((resolve) => setImmediate(resolve));
  }
  const collected = (await ask(
    { cmd: "collect", expected: events * CONNECTIONS, timeoutMs: 60_000 },
    "collected",
  )) as Collected;
  const used = process.cpuUsage(cpu);
  const wallMs = (collected.lastAt || now()) - start;
  return {
    ...collected,
    deliveries: collected.received,
    expected: events * CONNECTIONS,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
  };
}
