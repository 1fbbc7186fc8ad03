import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Permission } from "@chat/domain";
import { type DispatchEvent, isDispatch } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { WebSocketServer } from "ws";
import { type RunningServer, startServer } from "../src/server";
import { type Collected, type Command, type Mode, now } from "./gateway-clients";

/**
 * `pnpm bench gateway`: MESSAGE_CREATE fanned out to 1,000 connections on loopback, through the
 * gateway (plain and zlib-stream) and, in the same run, as a raw `ws` broadcast of the same
 * bytes serialized once. The receivers run in a child process; CPU is this process's
 * (server side: bus, audience check on the embedded database, framing, compression, sockets).
 * Bounded: a fixed number of events per path, every wait has a deadline, and the whole run
 * stops itself after a few minutes at most.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 1000);
const EVENTS = Number(process.env.BENCH_EVENTS || 200);
const WARMUP = 20;
/** The latency run: events at a steady pace well below saturation (20 per second = 20,000 deliveries/s). */
const PACED_EVENTS = 60;
const PACED_EVERY_MS = 50;
const HARD_LIMIT_MS = 5 * 60_000;
/** BENCH_PATHS=raw,plain runs only those; the raw broadcast always runs first (the reference). */
const PATHS = ["raw", ...["plain", "zlib-stream"].filter((p) => !process.env.BENCH_PATHS || process.env.BENCH_PATHS.split(",").includes(p))] as Mode[];

interface Figures extends Collected {
  path: string;
  deliveries: number;
  wallMs: number;
  cpuMs: number;
  /** Latency at a steady pace (the burst's p50/p99 include queueing behind the burst). */
  paced: Collected;
}

export async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    console.error("bench gateway: stopped after the hard time limit");
    process.exit(1);
  }, HARD_LIMIT_MS);
  hardStop.unref();
  const dataDir = mkdtempSync(join(tmpdir(), "chat-bench-"));
  let server: RunningServer | null = null;
  let clients: ChildProcess | null = null;
  const raw = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
  const listening = new Promise<void>((resolve) => raw.once("listening", () => resolve()));
  try {
    server = await startBenchServer(dataDir);
    const world = await seed(server);
    await listening;
    const rawUrl = `ws://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    clients = fork(join(dirname(fileURLToPath(import.meta.url)), "gateway-clients.ts"), [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
    const ask = asker(clients);

    console.log(`gateway fan-out: MESSAGE_CREATE to ${CONNECTIONS} connections on loopback, ${EVENTS} events per path (after ${WARMUP} warm-up events)\n`);
    const results: Figures[] = [];
    for (const mode of PATHS) {
      const url = mode === "raw" ? rawUrl : server.ctx.urls.gatewayUrl;
      const started = Date.now();
      await ask({ cmd: "connect", mode, url, token: world.token, count: CONNECTIONS }, "ready");
      console.log(`  ${label(mode)}: ${CONNECTIONS} connections ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const send = mode === "raw" ? rawSender(raw, world.template) : gatewaySender(server, world.template);
      await run(ask, send, WARMUP, 0);
      const burst = await run(ask, send, EVENTS, 0);
      const paced = await run(ask, send, PACED_EVENTS, PACED_EVERY_MS);
      results.push({ path: label(mode), ...burst, paced });
      await ask({ cmd: "close" }, "closed");
    }
    print(results);
  } finally {
    clients?.kill();
    for (const client of raw.clients) client.terminate();
    raw.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const label = (mode: Mode) => (mode === "raw" ? "raw ws broadcast" : `gateway ${mode}`);

/** One node on an embedded database in a temporary folder, loopback only, generous heartbeat and session limits. */
async function startBenchServer(dataDir: string): Promise<RunningServer> {
  for (const key of ["DATABASE_URL", "REDIS_URL"]) delete process.env[key];
  const urls = { appUrl: "http://127.0.0.1:3000", apiUrl: "", cdnUrl: "", gatewayUrl: "" };
  const server = await startServer({
    dataDir,
    embeddedPort: 0,
    port: 0,
    host: "127.0.0.1",
    urls,
    gateway: { maxSessionsPerBot: CONNECTIONS + 10, heartbeatIntervalMs: 600_000, identifyTimeoutMs: 120_000 },
  });
  const root = `http://127.0.0.1:${server.port}`;
  Object.assign(urls, { apiUrl: `${root}/api/v10`, cdnUrl: `${root}/cdn`, gatewayUrl: `ws://127.0.0.1:${server.port}/gateway` });
  return server;
}

/** A guild with a bot in it, and a real MESSAGE_CREATE event as sent through the domain, to copy. */
async function seed(server: RunningServer): Promise<{ token: string; template: MessageEvent }> {
  const { domain, bus } = server.ctx;
  const owner = await domain.users.createPerson({ username: `bench_${Date.now()}`, passwordHash: "not-a-login" });
  const guild = await domain.guilds.create(owner.id, "Bench");
  const app = await domain.applications.create(owner.id, "Bench bot");
  await domain.members.addBot(owner.id, guild.id, app.application.id, Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory);
  const channel = guild.channels.find((c) => c.type === 0);
  if (!channel) throw new Error("no text channel");
  const captured = new Promise<MessageEvent>((resolve) => {
    const off = bus.subscribe((event) => {
      if (!isDispatch(event, GatewayDispatchEvents.MessageCreate)) return;
      off();
      resolve(event);
    });
  });
  await domain.messages.create(channel.id, owner.id, { content: "a message of ordinary size, to copy for the bench" });
  return { token: app.botToken, template: await captured };
}

type Send = (index: number) => void;
type MessageEvent = DispatchEvent<GatewayDispatchEvents.MessageCreate>;

function gatewaySender(server: RunningServer, template: MessageEvent): Send {
  const d = template.d;
  return (index) => {
    const sentAt = now();
    void server.ctx.bus.publish({ ...template, d: { ...d, id: String(10_000_000 + index), content: `bench ${sentAt} ${index}` } });
  };
}

/** The bytes a gateway connection gets for the same event (its frame), serialized and encoded once, sent to every socket as a text frame. */
function rawSender(raw: WebSocketServer, template: MessageEvent): Send {
  const d = template.d;
  return (index) => {
    const sentAt = now();
    const frame = Buffer.from(JSON.stringify({ t: "MESSAGE_CREATE", s: index + 3, op: 0, d: { ...d, id: String(10_000_000 + index), content: `bench ${sentAt} ${index}` } }));
    for (const client of raw.clients) client.send(frame, { binary: false });
  };
}

/** Sends `events`, one per turn of the event loop or one every `everyMs`, then waits for every delivery. */
async function run(ask: Asker, send: Send, events: number, everyMs: number): Promise<Omit<Figures, "path" | "paced">> {
  await ask({ cmd: "reset" }, "reset");
  const cpu = process.cpuUsage();
  const start = now();
  for (let i = 0; i < events; i++) {
    send(i);
    if (everyMs > 0) await new Promise((resolve) => setTimeout(resolve, everyMs));
    else await new Promise((resolve) => setImmediate(resolve));
  }
  const collected = (await ask({ cmd: "collect", expected: events * CONNECTIONS, timeoutMs: 60_000 }, "collected")) as Collected;
  const used = process.cpuUsage(cpu);
  const wallMs = (collected.lastAt || now()) - start;
  return { ...collected, deliveries: collected.received, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

type Asker = (command: Command, answer: string) => Promise<unknown>;

function asker(child: ChildProcess): Asker {
  return (command, answer) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bench clients did not answer ${command.cmd}`)), 120_000);
      const onMessage = (message: Record<string, unknown>) => {
        if (message.error) reject(new Error(String(message.error)));
        else if (!(answer in message)) return;
        else resolve(message[answer]);
        clearTimeout(timer);
        child.off("message", onMessage);
      };
      child.on("message", onMessage);
      child.send(command);
    });
}

function print(results: Figures[]): void {
  const rawRow = results[0] as Figures;
  const rate = (r: Figures) => r.deliveries / (r.wallMs / 1000);
  const cpuPer = (r: Figures) => (r.cpuMs * 1000) / Math.max(1, r.deliveries);
  const rows = results.map((r) => [
    r.path,
    `${r.deliveries}/${EVENTS * CONNECTIONS}`,
    Math.round(rate(r)).toLocaleString("en-GB"),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.paced.p50.toFixed(2),
    r.paced.p99.toFixed(2),
    r.cpuMs.toFixed(0),
    `${((r.cpuMs / r.wallMs) * 100).toFixed(0)}%`,
    cpuPer(r).toFixed(2),
    r === rawRow ? "1.00" : (rate(r) / rate(rawRow)).toFixed(2),
    r === rawRow ? "1.00" : (cpuPer(r) / cpuPer(rawRow)).toFixed(2),
  ]);
  const head = ["path", "delivered", "deliveries/s", "burst p50 ms", "burst p99 ms", "paced p50 ms", "paced p99 ms", "CPU ms", "CPU", "CPU µs/delivery", "rate vs raw", "CPU vs raw"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ");
  console.log(`\n${line(head)}\n${rows.map(line).join("\n")}`);
  console.log(`\n${EVENTS} events sent back to back (deliveries/s, CPU, burst latency, which includes queueing behind the burst);`);
  console.log(`paced: ${PACED_EVENTS} events, one every ${PACED_EVERY_MS} ms. CPU is the server process's, during the burst.`);
  console.log("rate vs raw: gateway deliveries per second divided by the raw broadcast's (the tracked figure; 1.00 = as fast as raw ws).");
}
