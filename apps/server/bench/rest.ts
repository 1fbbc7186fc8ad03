import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Permission } from "@chat/domain";
import pg from "pg";
import type { RunningServer } from "../src/server";
import { startBenchServer } from "./bench-server";
import type { Phase, PhaseFigures } from "./rest-load";

/**
 * `pnpm bench rest`: the send path and history over HTTP, each next to a reference measured
 * in the same run on the same database:
 * - POST /channels/{c}/messages at CONNECTIONS keep-alive connections vs raw single-row INSERTs
 *   into "Message" from as many node-postgres clients;
 * - GET /channels/{c}/messages?limit=50 on a 25,000-message channel vs the same page as one
 *   raw SELECT;
 * - gateway heartbeat ACK latency while the sends run vs idle.
 * Embedded database always; PostgreSQL + Redis as well when BENCH_DATABASE_URL (and
 * BENCH_REDIS_URL) name them. The load runs in child processes; rate limits are off (one bot
 * sends as fast as it can). Bounded: every phase lasts BENCH_SECONDS (default 8).
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const HISTORY_MESSAGES = 25_000;

interface Row {
  what: string;
  measured: PhaseFigures;
  reference: PhaseFigures;
  referenceName: string;
  /** Rates compare; for latency rows the p99s do (lower is better). */
  kind: "rate" | "latency";
}

export async function main(): Promise<void> {
  const modes: { name: string; databaseUrl?: string; redisUrl?: string }[] = [{ name: "embedded" }];
  if (process.env.BENCH_DATABASE_URL)
    modes.push({
      name: "PostgreSQL + Redis",
      databaseUrl: process.env.BENCH_DATABASE_URL,
      redisUrl: process.env.BENCH_REDIS_URL,
    });
  console.log(
    `REST: ${CONNECTIONS} connections, ${SECONDS} s per phase; the load runs in child processes on this machine (figures are lower bounds)\n`,
  );
  const all: { mode: string; rows: Row[] }[] = [];
  for (const mode of modes) all.push({ mode: mode.name, rows: await benchMode(mode) });
  for (const { mode, rows } of all) print(mode, rows);
}

async function benchMode(mode: { name: string; databaseUrl?: string; redisUrl?: string }): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "chat-bench-rest-"));
  let server: RunningServer | null = null;
  const children: ChildProcess[] = [];
  try {
    server = await startBenchServer(dataDir, {
      rateLimits: false,
      databaseUrl: mode.databaseUrl,
      redisUrl: mode.redisUrl,
      redisNamespace: `bench-${process.pid}`,
      gateway: { heartbeatIntervalMs: 600_000 },
    });
    const world = await seed(server);
    const api = server.ctx.urls.apiUrl;
    const databaseUrl = server.ctx.database.url;
    const load = loader(children);
    const probe = loader(children);
    const insert = {
      text: `INSERT INTO "Message" ("channelId", "guildId", "authorId", "content") VALUES ($1, $2, $3, $4)`,
      values: [world.rawChannelId, world.guildId, world.botUserId, "$N"],
    };
    const send: Phase = {
      cmd: "http",
      method: "POST",
      url: `${api}/channels/${world.sendChannelId}/messages`,
      token: world.token,
      body: JSON.stringify({ content: "bench message $N" }),
      connections: CONNECTIONS,
      seconds: SECONDS,
    };
    const page: Phase = {
      cmd: "http",
      method: "GET",
      url: `${api}/channels/${world.historyChannelId}/messages?limit=50`,
      token: world.token,
      connections: CONNECTIONS,
      seconds: SECONDS,
    };
    const pageSql = {
      text: `SELECT * FROM "Message" WHERE "channelId" = $1 ORDER BY "id" DESC LIMIT 50`,
      values: [world.historyChannelId],
    };
    const heartbeats: Phase = {
      cmd: "heartbeats",
      gatewayUrl: server.ctx.urls.gatewayUrl,
      token: world.token,
      seconds: SECONDS,
    };

    console.log(`${mode.name}:`);
    const rawInserts = await step(
      "raw INSERTs",
      load({ cmd: "sql", databaseUrl, ...insert, connections: CONNECTIONS, seconds: SECONDS }),
    );
    await step("warm-up sends", load({ ...send, seconds: 2 }));
    const idleBeats = await step("heartbeats, idle", probe(heartbeats));
    const [sends, busyBeats] = await step("sends with heartbeats", Promise.all([load(send), probe(heartbeats)]));
    const rawPages = await step(
      "raw SELECTs of the page",
      load({ cmd: "sql", databaseUrl, ...pageSql, connections: CONNECTIONS, seconds: SECONDS }),
    );
    const pages = await step("history pages", load(page));
    return [
      {
        what: "send a message (POST)",
        measured: sends,
        reference: rawInserts,
        referenceName: "raw single-row INSERT",
        kind: "rate",
      },
      {
        what: "history page of 50 (GET)",
        measured: pages,
        reference: rawPages,
        referenceName: "the page as a raw SELECT",
        kind: "rate",
      },
      {
        what: "heartbeat ACK while sending",
        measured: busyBeats,
        reference: idleBeats,
        referenceName: "heartbeat ACK, idle",
        kind: "latency",
      },
    ];
  } finally {
    for (const child of children) child.kill();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function step<T>(name: string, running: Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await running;
  console.log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** A guild with a bot that may send and read, a channel to send in, one for raw inserts, and one with 25,000 messages. */
async function seed(server: RunningServer) {
  const { domain } = server.ctx;
  const owner = await domain.users.createPerson({ username: `bench_${Date.now()}`, passwordHash: "not-a-login" });
  const guild = await domain.guilds.create(owner.id, "Bench");
  const app = await domain.applications.create(owner.id, "Bench bot");
  await domain.members.addBot(
    owner.id,
    guild.id,
    app.application.id,
    Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory,
  );
  const channel = async (name: string) =>
    BigInt((await domain.channels.create(guild.id, owner.id, { name, type: 0 })).id);
  const [sendChannelId, rawChannelId, historyChannelId] = [
    await channel("sends"),
    await channel("raw-inserts"),
    await channel("history"),
  ];
  const client = new pg.Client({ connectionString: server.ctx.database.url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "Message" ("channelId", "guildId", "authorId", "content") SELECT $1, $2, $3, 'history ' || g FROM generate_series(1, ${HISTORY_MESSAGES}) AS g`,
      [historyChannelId.toString(), guild.id.toString(), owner.id.toString()],
    );
    // Messages in other channels too, as a real database has: the latest page must not walk past them.
    await client.query(
      `INSERT INTO "Message" ("channelId", "guildId", "authorId", "content") SELECT $1, $2, $3, 'elsewhere ' || g FROM generate_series(1, ${HISTORY_MESSAGES}) AS g`,
      [rawChannelId.toString(), guild.id.toString(), owner.id.toString()],
    );
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
  return {
    token: app.botToken,
    guildId: guild.id.toString(),
    botUserId: app.botUser.id.toString(),
    sendChannelId: sendChannelId.toString(),
    rawChannelId: rawChannelId.toString(),
    historyChannelId: historyChannelId.toString(),
  };
}

function loader(children: ChildProcess[]): (phase: Phase) => Promise<PhaseFigures> {
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), "rest-load.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: "inherit",
  });
  children.push(child);
  return (phase) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`bench load did not finish ${phase.cmd}`)),
        (phase.seconds + 60) * 1000,
      );
      child.once("message", (message: { result?: PhaseFigures; error?: string }) => {
        clearTimeout(timer);
        if (message.result) resolve(message.result);
        else reject(new Error(message.error));
      });
      child.send(phase);
    });
}

function print(mode: string, rows: Row[]): void {
  const rate = (f: PhaseFigures) => `${Math.round(f.perSecond).toLocaleString("en-GB")}/s`;
  const lat = (f: PhaseFigures) => `p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms`;
  const cells = rows.map((r) => [
    r.what,
    r.kind === "rate"
      ? `${rate(r.measured)} (${lat(r.measured)})${r.measured.failed ? `, ${r.measured.failed} failed` : ""}`
      : lat(r.measured),
    `${r.referenceName}: ${r.kind === "rate" ? `${rate(r.reference)} (${lat(r.reference)})` : lat(r.reference)}`,
    r.kind === "rate"
      ? (r.measured.perSecond / r.reference.perSecond).toFixed(3)
      : `p99 ${(r.measured.p99 / Math.max(0.001, r.reference.p99)).toFixed(1)}×`,
  ]);
  const head = ["what", "measured", "reference in the same run", "ratio"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i] as number)).join(" | ")} |`;
  console.log(
    `\n${mode}\n${line(head)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|\n${cells.map(line).join("\n")}`,
  );
}
