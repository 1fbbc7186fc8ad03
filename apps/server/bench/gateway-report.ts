import type { Collected, Latencies, Mode } from "./gateway-clients";

/** What one path (a gateway path or its bare `ws` reference) measured. */
export interface PathFigures extends Omit<Collected, "received"> {
  deliveries: number;
  expected: number;
  wallMs: number;
  cpuMs: number;
  /** Latency at a steady pace (the burst's include queueing behind the burst), with heartbeats meanwhile. */
  paced: Omit<Collected, "received">;
  /** From the first connection attempt until the last one is ready (gateway: its GUILD_CREATE arrived). */
  connectMs: number;
  statementsPerIdentify: number;
  /** Bytes per connection held once they are idle, after full collections: V8 heap used + external. */
  heapPerConnection: number;
  /** The same as resident memory (what zlib's own allocations show up in). */
  rssPerConnection: number;
}

export interface Settings {
  connections: number;
  events: number;
  pacedEvents: number;
  pacedEveryMs: number;
  beatEveryMs: number;
}

interface Row {
  what: string;
  measured: string;
  reference: string;
  ratio: string;
  target: string;
}

const rate = (f: PathFigures) => f.deliveries / (f.wallMs / 1000);
const cpuPerDelivery = (f: PathFigures) => (f.cpuMs * 1000) / Math.max(1, f.deliveries);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratioOf = (measured: number, reference: number) => (reference > 0 ? (measured / reference).toFixed(2) : "-");
const p99 = (latencies: Latencies) => latencies.p99;

const NAMES: Record<Mode, string> = {
  raw: "raw ws",
  "raw-zlib": "raw ws + zlib",
  plain: "plain",
  "zlib-stream": "zlib-stream",
};

function rowsOf(path: Mode, m: PathFigures, r: PathFigures, s: Settings): Row[] {
  const zlib = path === "zlib-stream";
  const rows: Row[] = [
    {
      what: `fan-out ${NAMES[path]}, deliveries/s (${m.deliveries}/${m.expected} delivered)`,
      measured: Math.round(rate(m)).toLocaleString("en-GB"),
      reference: `${Math.round(rate(r)).toLocaleString("en-GB")} (${NAMES[path === "plain" ? "raw" : "raw-zlib"]})`,
      ratio: ratioOf(rate(m), rate(r)),
      target: ">= 0.80",
    },
    {
      what: `fan-out ${NAMES[path]}, server CPU µs/delivery`,
      measured: cpuPerDelivery(m).toFixed(2),
      reference: cpuPerDelivery(r).toFixed(2),
      ratio: ratioOf(cpuPerDelivery(m), cpuPerDelivery(r)),
      target: "",
    },
    {
      what: `fan-out ${NAMES[path]}, burst p99`,
      measured: ms(m.p99),
      reference: ms(r.p99),
      ratio: ratioOf(m.p99, r.p99),
      target: "",
    },
    {
      what: `fan-out ${NAMES[path]}, paced p99`,
      measured: ms(m.paced.p99),
      reference: ms(r.paced.p99),
      ratio: ratioOf(m.paced.p99, r.paced.p99),
      target: "",
    },
    {
      what: `${s.connections.toLocaleString("en-GB")} connections identified, ${NAMES[path]} (ref: opened)`,
      measured: `${(m.connectMs / 1000).toFixed(2)} s`,
      reference: `${(r.connectMs / 1000).toFixed(2)} s`,
      ratio: ratioOf(m.connectMs, r.connectMs),
      target: "< 5 s",
    },
    {
      what: `  statements per identify, ${NAMES[path]}`,
      measured: m.statementsPerIdentify.toFixed(2),
      reference: "",
      ratio: "",
      target: "",
    },
    {
      what: `memory per idle connection, ${NAMES[path]}, RSS`,
      measured: kb(m.rssPerConnection),
      reference: kb(r.rssPerConnection),
      ratio: ratioOf(m.rssPerConnection, r.rssPerConnection),
      target: zlib ? "<= 300 KB" : "<= 50 KB",
    },
    {
      what: `memory per idle connection, ${NAMES[path]}, heap+external`,
      measured: kb(m.heapPerConnection),
      reference: kb(r.heapPerConnection),
      ratio: ratioOf(m.heapPerConnection, r.heapPerConnection),
      target: "",
    },
    {
      what: `heartbeat ACK p99 during paced fan-out, ${NAMES[path]} (ref: echo)`,
      measured: ms(p99(m.paced.heartbeats)),
      reference: ms(p99(r.paced.heartbeats)),
      ratio: ratioOf(p99(m.paced.heartbeats), p99(r.paced.heartbeats)),
      target: "",
    },
  ];
  return rows;
}

/** One table: every figure next to its same-run reference and their ratio (measured / reference). */
export function printReport(pairs: { path: Mode; measured: PathFigures; reference: PathFigures }[], s: Settings): void {
  const rows = pairs.flatMap(({ path, measured, reference }) => rowsOf(path, measured, reference, s));
  const head: Row = {
    what: "what",
    measured: "measured",
    reference: "same-run reference",
    ratio: "ratio",
    target: "target",
  };
  const keys = Object.keys(head) as (keyof Row)[];
  const widths = keys.map((k) => Math.max(...[head, ...rows].map((row) => row[k].length)));
  const line = (row: Row) =>
    keys
      .map((k, i) => (i === 0 ? row[k].padEnd(widths[i] as number) : row[k].padStart(widths[i] as number)))
      .join("  ");
  console.log(`\n${line(head)}\n${rows.map(line).join("\n")}`);
  console.log(
    `\nratio = measured / reference. Fan-out: ${s.events} events sent back to back to ${s.connections} connections (burst latency includes queueing behind the burst);`,
  );
  console.log(
    `paced: ${s.pacedEvents} events, one every ${s.pacedEveryMs} ms, while a heartbeat goes out on the next connection every ${s.beatEveryMs} ms.`,
  );
  console.log(
    "CPU and memory are the server process's. Memory: growth while the connections opened and went idle, after two forced full GCs (V8 --expose-gc),",
  );
  console.log(
    "as resident memory (what zlib's own buffers count in) and as V8 heap used + external. Statements: SQL sent through node-postgres while identifying.",
  );
}
