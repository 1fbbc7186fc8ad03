import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { RunningServer } from "../src/server";
import { benchGuild } from "./bench-guild";
import { startBenchServer } from "./bench-server";
import { loader } from "./load-runner";
import { type CpuSample, cpuPerRequest, sampleCpu } from "./process-cpu";
import type { Phase, PhaseFigures } from "./rest-load";

/**
 * `pnpm bench rest`: the send path and history over HTTP, each next to a reference measured
 * in the same run on the same database:
 * - POST /channels/{c}/messages at CONNECTIONS keep-alive connections vs raw single-row INSERTs
 *   into "Message" from as many node-postgres clients, and vs the same INSERTs each moving their
 *   channel's row on (last message, count) as a send does;
 * - GET /channels/{c}/messages?limit=50, the latest page and a `before` page deep in a
 *   25,000-message channel whose messages are all older than a busier channel's 100,000 (the
 *   shape that misled the planner), each vs the page as its best raw SELECT (read on
 *   (channel, id) only) and, for the latest, the plain `WHERE "channelId" = $1 ORDER BY id DESC`;
 * - gateway heartbeat ACK latency while the sends run vs idle.
 * Embedded database always; PostgreSQL + Redis as well when BENCH_DATABASE_URL (and
 * BENCH_REDIS_URL) name them. The load runs in child processes; rate limits are off (one bot
 * sends as fast as it can). Bounded: every phase lasts BENCH_SECONDS (default 8).
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const HISTORY_MESSAGES = 25_000;
const BUSIER_MESSAGES = 100_000;

interface Row {
  what: string;
  measured: PhaseFigures;
  /** CPU per request of each process while the measured phase ran (none for references). */
  cpu?: CpuSample;
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
    // The send's shape at its barest: the row, and its channel's last message and count moved on
    // in the same statement. Every send to a channel waits for the previous one's commit on that
    // row, which no server work can undo.
    const insertMovingChannel = {
      text: `WITH m AS (INSERT INTO "Message" ("channelId", "guildId", "authorId", "content") VALUES ($1::bigint, $2::bigint, $3::bigint, $4) RETURNING id)
        UPDATE "Channel" SET "lastMessageId" = (SELECT id FROM m), "messageCount" = "messageCount" + 1 WHERE id = $1::bigint`,
      values: insert.values,
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
    const page = (query: string): Phase => ({
      cmd: "http",
      method: "GET",
      url: `${api}/channels/${world.historyChannelId}/messages?limit=50${query}`,
      token: world.token,
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    const rawSql = (text: string, values: string[]) =>
      load({ cmd: "sql", databaseUrl, text, values, connections: CONNECTIONS, seconds: SECONDS });
    const best = `"channelId" >= $1 AND "channelId" <= $1`;
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
    const rawInsertsMovingChannel = await step(
      "raw INSERTs moving their channel's row",
      load({ cmd: "sql", databaseUrl, ...insertMovingChannel, connections: CONNECTIONS, seconds: SECONDS }),
    );
    await step("warm-up sends", load({ ...send, seconds: 2 }));
    const idleBeats = await step("heartbeats, idle", probe(heartbeats));
    let cpu = sampleCpu();
    const cpuSince = (figures: PhaseFigures) => {
      const now = sampleCpu();
      const used = cpuPerRequest(cpu, now, figures.done);
      cpu = now;
      return used;
    };
    const [sends, busyBeats] = await step("sends with heartbeats", Promise.all([load(send), probe(heartbeats)]));
    const sendCpu = cpuSince(sends);
    const plainPages = await step(
      "raw SELECTs of the latest page, WHERE channel = $1 ORDER BY id",
      rawSql(`SELECT * FROM "Message" WHERE "channelId" = $1 ORDER BY "id" DESC LIMIT 50`, [world.historyChannelId]),
    );
    const bestPages = await step(
      "raw SELECTs of the latest page on (channel, id)",
      rawSql(`SELECT * FROM "Message" WHERE ${best} ORDER BY "channelId" DESC, "id" DESC LIMIT 50`, [
        world.historyChannelId,
      ]),
    );
    cpu = sampleCpu();
    const pages = await step("latest pages", load(page("")));
    const pageCpu = cpuSince(pages);
    const bestBefore = await step(
      "raw SELECTs of a before page on (channel, id)",
      rawSql(
        `SELECT * FROM "Message" WHERE ${best} AND ("channelId", "id") < ($1, $2) ORDER BY "channelId" DESC, "id" DESC LIMIT 50`,
        [world.historyChannelId, world.middleId],
      ),
    );
    cpu = sampleCpu();
    const beforePages = await step("before pages", load(page(`&before=${world.middleId}`)));
    const beforeCpu = cpuSince(beforePages);
    return [
      {
        what: "send a message (POST)",
        measured: sends,
        cpu: sendCpu,
        reference: rawInserts,
        referenceName: "raw single-row INSERT",
        kind: "rate",
      },
      {
        what: "send a message (POST)",
        measured: sends,
        reference: rawInsertsMovingChannel,
        referenceName: "raw INSERT + its channel row's UPDATE",
        kind: "rate",
      },
      {
        what: "latest history page of 50 (GET)",
        measured: pages,
        cpu: pageCpu,
        reference: bestPages,
        referenceName: "the page as its best raw SELECT",
        kind: "rate",
      },
      {
        what: "latest page, plain raw SELECT",
        measured: plainPages,
        reference: bestPages,
        referenceName: "the page as its best raw SELECT",
        kind: "rate",
      },
      {
        what: "`before` page of 50 (GET)",
        measured: beforePages,
        cpu: beforeCpu,
        reference: bestBefore,
        referenceName: "the page as its best raw SELECT",
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

/**
 * A guild with a bot that may send and read, a channel to send in, one with 25,000 messages,
 * and one for raw inserts holding 100,000 newer ones.
 */
async function seed(server: RunningServer) {
  const { domain } = server.ctx;
  const { guild, owner, app } = await benchGuild(domain);
  const channel = async (name: string) =>
    BigInt((await domain.channels.create(guild.id, owner.id, { name, type: 0 })).id);
  const [sendChannelId, rawChannelId, historyChannelId] = [
    await channel("sends"),
    await channel("raw-inserts"),
    await channel("history"),
  ];
  const client = new pg.Client({ connectionString: server.ctx.database.url });
  await client.connect();
  let middleId = "";
  try {
    await client.query(
      `INSERT INTO "Message" ("channelId", "guildId", "authorId", "content") SELECT $1, $2, $3, 'history ' || g FROM generate_series(1, ${HISTORY_MESSAGES}) AS g`,
      [historyChannelId.toString(), guild.id.toString(), owner.id.toString()],
    );
    // Newer messages in a busier channel, as a real database has: a primary key read backwards
    // would walk past all of them before the channel's first.
    await client.query(
      `INSERT INTO "Message" ("channelId", "guildId", "authorId", "content") SELECT $1, $2, $3, 'elsewhere ' || g FROM generate_series(1, ${BUSIER_MESSAGES}) AS g`,
      [rawChannelId.toString(), guild.id.toString(), owner.id.toString()],
    );
    await client.query("ANALYZE");
    const middle = await client.query(
      `SELECT id FROM "Message" WHERE "channelId" = $1 ORDER BY id LIMIT 1 OFFSET ${HISTORY_MESSAGES / 2}`,
      [historyChannelId.toString()],
    );
    middleId = String(middle.rows[0].id);
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
    middleId,
  };
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
  const embedded = !mode.includes("PostgreSQL");
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  for (const row of rows.filter((r) => r.cpu)) {
    const cpu = row.cpu as CpuSample;
    console.log(
      `  CPU per request, ${row.what}: server ${ms(cpu.server)}${embedded ? " (with the embedded database)" : `, PostgreSQL ${ms(cpu.postgres)}, Redis ${ms(cpu.redis)}`}`,
    );
  }
}
