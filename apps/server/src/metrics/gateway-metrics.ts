import { Counter, Gauge, Histogram, type Registry } from "prom-client";

/** Sessions one event went out to: from nobody to a large guild's every bot. */
const FANOUT_BUCKETS = [0, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000];

/** What the gateway reports. */
export interface GatewayMetrics {
  /** Where the open connections and the sessions (live or waiting for a Resume) are counted, read at each scrape. */
  watch(read: () => { connections: number; sessions: number }): void;
  /** An Identify started a session (READY sent). */
  identified(): void;
  resumed(outcome: "resumed" | "refused"): void;
  /** A connection closed: with the code the server sent, or the one its client sent. */
  closed(code: number, by: "server" | "client"): void;
  /** A bus event the dispatcher handled, and how many sessions it was sent to. */
  dispatched(event: string, sessions: number): void;
}

export function createGatewayMetrics(registry: Registry): GatewayMetrics {
  const registers = [registry];
  let read: () => { connections: number; sessions: number } = () => ({ connections: 0, sessions: 0 });
  new Gauge({
    name: "chat_gateway_connections",
    help: "Open gateway WebSocket connections on this node",
    registers,
    collect() {
      this.set(read().connections);
    },
  });
  new Gauge({
    name: "chat_gateway_sessions",
    help: "Gateway sessions on this node, live or waiting for a Resume",
    registers,
    collect() {
      this.set(read().sessions);
    },
  });
  const identifies = new Counter({
    name: "chat_gateway_identifies_total",
    help: "Sessions started by an Identify (READY sent)",
    registers,
  });
  const resumes = new Counter({
    name: "chat_gateway_resumes_total",
    help: "Resumes, by outcome: resumed, or refused (op 9)",
    labelNames: ["outcome"] as const,
    registers,
  });
  for (const outcome of ["resumed", "refused"]) resumes.inc({ outcome }, 0);
  const closes = new Counter({
    name: "chat_gateway_closes_total",
    help: "Gateway connections closed, by close code and by who closed (server or client)",
    labelNames: ["code", "by"] as const,
    registers,
  });
  const events = new Counter({
    name: "chat_gateway_dispatched_events_total",
    help: "Bus events the gateway dispatched to bots, by event type",
    labelNames: ["event"] as const,
    registers,
  });
  const fanout = new Histogram({
    name: "chat_gateway_dispatch_fanout",
    help: "Sessions each dispatched event was sent to",
    buckets: FANOUT_BUCKETS,
    registers,
  });
  return {
    watch(reader) {
      read = reader;
    },
    identified() {
      identifies.inc();
    },
    resumed(outcome) {
      resumes.inc({ outcome });
    },
    closed(code, by) {
      closes.inc({ code: String(code), by });
    },
    dispatched(event, sessions) {
      events.inc({ event });
      fanout.observe(sessions);
    },
  };
}
