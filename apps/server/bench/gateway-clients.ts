import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { WebSocket } from "ws";

/**
 * The receiving side of `pnpm bench gateway`, in a process of its own so the server's CPU
 * figures are the server's: opens the connections it is told to, identifies them on the
 * gateway, and times every MESSAGE_CREATE from the send time written in its content.
 *
 * Messages from the parent: connect, reset, collect, close. Answers: ready, collected, closed.
 */
export type Mode = "raw" | "plain" | "zlib-stream";
export type Command =
  | { cmd: "connect"; mode: Mode; url: string; token: string; count: number }
  | { cmd: "reset" }
  | { cmd: "collect"; expected: number; timeoutMs: number }
  | { cmd: "close" };
export interface Collected {
  received: number;
  firstAt: number;
  lastAt: number;
  p50: number;
  p99: number;
}

/** Milliseconds since the epoch with sub-millisecond precision, comparable between processes. */
export const now = () => performance.timeOrigin + performance.now();

type Inflater = { push(data: Buffer): string | null };
const require = createRequire(import.meta.url);
let ZlibSync: { Inflate: new (o: { chunkSize: number }) => { push(d: Buffer, f: number): void; result: Buffer | null; err: number }; Z_SYNC_FLUSH: number } | null = null;
try {
  ZlibSync = require("zlib-sync");
} catch {}

/** One zlib stream per connection; each binary frame ends at a sync flush and holds one payload. */
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

let sockets: WebSocket[] = [];
let latencies: number[] = [];
let firstAt = 0;
let lastAt = 0;

function received(text: string): void {
  // Only MESSAGE_CREATEs carry a send time; cheap check before parsing.
  if (!text.includes('"MESSAGE_CREATE"')) return;
  const at = now();
  const { d } = JSON.parse(text) as { d: { content: string } };
  const sentAt = Number(d.content.split(" ")[1]);
  latencies.push(at - sentAt);
  if (!firstAt) firstAt = at;
  lastAt = at;
}

function open(mode: Mode, url: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(mode === "zlib-stream" ? `${url}?v=10&encoding=json&compress=zlib-stream` : mode === "plain" ? `${url}?v=10&encoding=json` : url, { perMessageDeflate: false });
    const zlib = mode === "zlib-stream" ? inflater() : null;
    let ready = mode === "raw";
    ws.once("error", reject);
    ws.on("message", (data: Buffer, binary: boolean) => {
      const text = zlib && binary ? zlib.push(data) : data.toString("utf8");
      if (text === null) return;
      if (ready) return received(text);
      const frame = JSON.parse(text) as { op: number; t: string | null };
      if (frame.op === 10) ws.send(JSON.stringify({ op: 2, d: { token, intents: (1 << 0) | (1 << 9), properties: { os: "bench", browser: "bench", device: "bench" } } }));
      else if (frame.t === "GUILD_CREATE") {
        ready = true;
        resolve(ws);
      } else if (frame.op === 9) reject(new Error("identify refused"));
    });
    ws.once("close", (code) => ready || reject(new Error(`closed with ${code} before ready`)));
    if (mode === "raw") ws.once("open", () => resolve(ws));
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function handle(command: Command): Promise<void> {
  const reply = (message: unknown) => process.send?.(message);
  if (command.cmd === "connect") {
    sockets = [];
    for (let i = 0; i < command.count; i += 50) {
      const batch = Array.from({ length: Math.min(50, command.count - i) }, () => open(command.mode, command.url, command.token));
      sockets.push(...(await Promise.all(batch)));
    }
    reply({ ready: sockets.length });
  } else if (command.cmd === "reset") {
    latencies = [];
    firstAt = 0;
    lastAt = 0;
    reply({ reset: true });
  } else if (command.cmd === "collect") {
    const deadline = Date.now() + command.timeoutMs;
    while (latencies.length < command.expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const sorted = Float64Array.from(latencies).sort();
    const list = Array.from(sorted);
    reply({ collected: { received: latencies.length, firstAt, lastAt, p50: percentile(list, 50), p99: percentile(list, 99) } satisfies Collected });
  } else if (command.cmd === "close") {
    const closing = sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState !== ws.OPEN) return resolve();
          ws.once("close", () => resolve());
          ws.close(1000);
        }),
    );
    await Promise.all(closing);
    sockets = [];
    reply({ closed: true });
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
