import http from "node:http";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { WebSocket } from "ws";

/**
 * The load side of `pnpm bench rest`, in a process of its own so the server's event loop and
 * CPU are the server's. Runs one phase when told and answers its figures:
 * - `http`: `connections` keep-alive connections sending the request back to back for `seconds`;
 * - `sql`: `connections` pooled node-postgres clients running one statement back to back;
 * - `heartbeats`: an identified gateway connection heartbeating every 20 ms (ACK latency).
 */
export type Phase =
  | {
      cmd: "http";
      method: "GET" | "POST";
      url: string;
      token: string;
      body?: string;
      connections: number;
      seconds: number;
    }
  | { cmd: "sql"; databaseUrl: string; text: string; values: (string | number)[]; connections: number; seconds: number }
  | { cmd: "heartbeats"; gatewayUrl: string; token: string; seconds: number };

export interface PhaseFigures {
  done: number;
  failed: number;
  perSecond: number;
  p50: number;
  p99: number;
}

function figures(latencies: number[], failed: number, seconds: number): PhaseFigures {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { done: latencies.length, failed, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

async function httpPhase(phase: Extract<Phase, { cmd: "http" }>): Promise<PhaseFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: phase.connections });
  const latencies: number[] = [];
  let failed = 0;
  let counter = 0;
  const until = performance.now() + phase.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const body = phase.body?.replace("$N", String(counter++));
      const request = http.request(
        phase.url,
        {
          method: phase.method,
          agent,
          headers: { authorization: `Bot ${phase.token}`, ...(body ? { "content-type": "application/json" } : {}) },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            if (response.statusCode === 200) latencies.push(performance.now() - started);
            else failed += 1;
            resolve();
          });
        },
      );
      request.on("error", () => {
        failed += 1;
        resolve();
      });
      request.end(body);
    });
  const worker = async () => {
    while (performance.now() < until) await one();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: phase.connections }, worker));
  agent.destroy();
  return figures(latencies, failed, (performance.now() - started) / 1000);
}

async function sqlPhase(phase: Extract<Phase, { cmd: "sql" }>): Promise<PhaseFigures> {
  const pool = new pg.Pool({ connectionString: phase.databaseUrl, max: phase.connections });
  const latencies: number[] = [];
  let failed = 0;
  let counter = 0;
  const until = performance.now() + phase.seconds * 1000;
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (performance.now() < until) {
        const started = performance.now();
        const values = phase.values.map((v) => (v === "$N" ? String(counter++) : v));
        try {
          await client.query(phase.text, values);
          latencies.push(performance.now() - started);
        } catch {
          failed += 1;
        }
      }
    } finally {
      client.release();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: phase.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  return figures(latencies, failed, seconds);
}

async function heartbeatPhase(phase: Extract<Phase, { cmd: "heartbeats" }>): Promise<PhaseFigures> {
  const socket = new WebSocket(`${phase.gatewayUrl}?v=10&encoding=json`);
  const latencies: number[] = [];
  let sentAt = 0;
  let seq: number | null = null;
  const identified = new Promise<void>((resolve, reject) => {
    socket.on("error", reject);
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as { op: number; t?: string; s?: number };
      if (frame.s) seq = frame.s;
      if (frame.op === 10)
        socket.send(
          JSON.stringify({
            op: 2,
            d: { token: phase.token, intents: 1 << 9, properties: { os: "linux", browser: "bench", device: "bench" } },
          }),
        );
      if (frame.t === "READY") resolve();
      if (frame.op === 11 && sentAt) {
        latencies.push(performance.now() - sentAt);
        sentAt = 0;
      }
    });
  });
  await identified;
  const started = performance.now();
  while (performance.now() - started < phase.seconds * 1000) {
    if (!sentAt) {
      sentAt = performance.now();
      socket.send(JSON.stringify({ op: 1, d: seq }));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  socket.close(1000);
  return figures(latencies, 0, (performance.now() - started) / 1000);
}

process.on("message", (phase: Phase) => {
  const run = phase.cmd === "http" ? httpPhase(phase) : phase.cmd === "sql" ? sqlPhase(phase) : heartbeatPhase(phase);
  run.then(
    (result) => process.send?.({ result }),
    (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));
