import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { WebSocket } from "ws";

/**
 * The receiving side of `pnpm bench gateway`, in a process of its own so the server's CPU
 * figures are the server's: opens the connections it is told to, identifies them on the
 * gateway, times every MESSAGE_CREATE from the send time written in its content, and (when
 * asked) sends heartbeats round the connections and times their ACKs (the raw servers echo).
 *
 * Messages from the parent: connect (more connections), reset, collect, close (all of them),
 * drop (all of them, without a close: as a network cut leaves them). Answers: ready, reset,
 * collected, closed, dropped.
 */
export type Mode = "raw" | "raw-zlib" | "plain" | "zlib-stream";
export type Command =
  | { cmd: "connect"; mode: Mode; url: string; token: string; count: number }
  /** Forget what was timed; with `beatEveryMs`, send a heartbeat on the next connection every that many ms. */
  | { cmd: "reset"; beatEveryMs?: number }
  | { cmd: "collect"; expected: number; timeoutMs: number }
  | { cmd: "close" }
  | { cmd: "drop" };
export interface Latencies {
  count: number;
  p50: number;
  p99: number;
}
export interface Collected extends Latencies {
  received: number;
  firstAt: number;
  lastAt: number;
  heartbeats: Latencies;
}
export const HEARTBEAT = JSON.stringify({ op: 1, d: null });

/** Milliseconds since the epoch with sub-millisecond precision, comparable between processes. */
export const now = () => performance.timeOrigin + performance.now();

type Inflater = { push(data: Buffer): string | null };
const require = createRequire(import.meta.url);
let ZlibSync: {
  Inflate: new (o: { chunkSize: number }) => { push(d: Buffer, f: number): void; result: Buffer | null; err: number };
  Z_SYNC_FLUSH: number;
} | null = null;
try {
  ZlibSync = require("zlib-sync");
} catch {}

/** One zlib stream per connection; each binary frame ends at a sync flush and holds one payload (discord.js's reader). */
function inflater(): Inflater {
  if (!ZlibSync) throw new Error("zlib-sync is not installed (optional dependency of @chat/server)");
  const { Inflate, Z_SYNC_FLUSH } = ZlibSync;
  const inflate = new Inflate({ chunkSize: 65_536 });
  return {
    push(data) {
      inflate.push(data, Z_SYNC_FLUSH);
      if (inflate.err < 0) throw new Error(`inflate failed: ${inflate.err}`);
      return inflate.result ? inflate.result.toString("utf8") : null;
    },
  };
}

interface Client {
  ws: WebSocket;
  /** When its unanswered heartbeat left, or 0. */
  beatSentAt: number;
}

let clients: Client[] = [];
let latencies: number[] = [];
let beats: number[] = [];
let firstAt = 0;
let lastAt = 0;
let beating: NodeJS.Timeout | null = null;

function received(client: Client, text: string): void {
  if (client.beatSentAt && (text === HEARTBEAT || text.includes('"op":11'))) {
    beats.push(now() - client.beatSentAt);
    client.beatSentAt = 0;
    return;
  }
  // Only MESSAGE_CREATEs carry a send time; cheap check before parsing.
  if (!text.includes('"MESSAGE_CREATE"')) return;
  const at = now();
  const { d } = JSON.parse(text) as { d: { content: string } };
  const sentAt = Number(d.content.split(" ")[1]);
  latencies.push(at - sentAt);
  if (!firstAt) firstAt = at;
  lastAt = at;
}

const QUERIES: Record<Mode, string> = {
  raw: "",
  "raw-zlib": "",
  plain: "?v=10&encoding=json",
  "zlib-stream": "?v=10&encoding=json&compress=zlib-stream",
};

function open(mode: Mode, url: string, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}${QUERIES[mode]}`, { perMessageDeflate: false });
    const client: Client = { ws, beatSentAt: 0 };
    const zlib = mode === "zlib-stream" || mode === "raw-zlib" ? inflater() : null;
    const raw = mode === "raw" || mode === "raw-zlib";
    let ready = raw;
    ws.once("error", reject);
    ws.on("message", (data: Buffer, binary: boolean) => {
      const text = zlib && binary ? zlib.push(data) : data.toString("utf8");
      if (text === null) return;
      if (ready) return received(client, text);
      const frame = JSON.parse(text) as { op: number; t: string | null };
      if (frame.op === 10)
        ws.send(
          JSON.stringify({
            op: 2,
            d: { token, intents: (1 << 0) | (1 << 9), properties: { os: "bench", browser: "bench", device: "bench" } },
          }),
        );
      else if (frame.t === "GUILD_CREATE") {
        ready = true;
        resolve(client);
      } else if (frame.op === 9) reject(new Error("identify refused"));
    });
    ws.once("close", (code) => ready || reject(new Error(`closed with ${code} before ready`)));
    if (raw) ws.once("open", () => resolve(client));
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function summary(values: number[]): Latencies {
  const sorted = Float64Array.from(values).sort();
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

function stopBeating(): void {
  if (beating) clearInterval(beating);
  beating = null;
}

async function handle(command: Command): Promise<void> {
  const reply = (message: unknown) => process.send?.(message);
  if (command.cmd === "connect") {
    // Added to those already open (close closes them all).
    // 50 at a time, as a bot's shards or a reconnecting fleet would come.
    for (let i = 0; i < command.count; i += 50) {
      const batch = Array.from({ length: Math.min(50, command.count - i) }, () =>
        open(command.mode, command.url, command.token),
      );
      clients.push(...(await Promise.all(batch)));
    }
    reply({ ready: clients.length });
  } else if (command.cmd === "reset") {
    stopBeating();
    latencies = [];
    beats = [];
    firstAt = 0;
    lastAt = 0;
    for (const client of clients) client.beatSentAt = 0;
    const every = command.beatEveryMs ?? 0;
    if (every > 0) {
      let next = 0;
      beating = setInterval(() => {
        const client = clients[next++ % clients.length];
        if (!client || client.beatSentAt) return;
        client.beatSentAt = now();
        client.ws.send(HEARTBEAT);
      }, every);
    }
    reply({ reset: true });
  } else if (command.cmd === "collect") {
    const deadline = Date.now() + command.timeoutMs;
    while (latencies.length < command.expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    stopBeating();
    reply({
      collected: {
        received: latencies.length,
        firstAt,
        lastAt,
        ...summary(latencies),
        heartbeats: summary(beats),
      } satisfies Collected,
    });
  } else if (command.cmd === "close") {
    stopBeating();
    const closing = clients.map(
      ({ ws }) =>
        new Promise<void>((resolve) => {
          if (ws.readyState !== ws.OPEN) return resolve();
          ws.once("close", () => resolve());
          ws.close(1000);
        }),
    );
    await Promise.all(closing);
    clients = [];
    reply({ closed: true });
  } else if (command.cmd === "drop") {
    stopBeating();
    // The sockets go away without a close frame: each session waits for a Resume.
    for (const { ws } of clients) ws.terminate();
    const dropped = clients.length;
    clients = [];
    reply({ dropped });
  }
}

if (process.send) {
  process.on("message", (command: Command) => {
    handle(command).catch((error) => {
      process.send?.({ error: String(error?.stack ?? error) });
    });
  });
  process.on("disconnect", () => process.exit(0));
}
