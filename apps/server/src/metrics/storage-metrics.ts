import { type Db, type PoolUse, watchDriver } from "@chat/db";
import type { EventBus } from "@chat/events";
import { Gauge, Histogram, type Registry } from "prom-client";

/** Seconds a statement takes: an index lookup to a slow report. */
const STATEMENT_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Seconds from an event's publish to this node hearing it. */
const LAG_SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The database's statements and pool, and the event bus's lag. */
export interface StorageMetrics {
  watchDatabase(db: Db): void;
  watchBus(bus: EventBus): void;
}

export function createStorageMetrics(registry: Registry): StorageMetrics {
  const registers = [registry];
  const statements = new Histogram({
    name: "chat_db_query_duration_seconds",
    help: "Database statements' time, from sending to the answer",
    buckets: STATEMENT_SECONDS,
    registers,
  });
  let readPool: () => PoolUse | null = () => null;
  new Gauge({
    name: "chat_db_pool_connections",
    help: "The database pool's connections, by state: idle or in use",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const use = readPool();
      this.set({ state: "idle" }, use?.idle ?? 0);
      this.set({ state: "in_use" }, use ? use.total - use.idle : 0);
    },
  });
  new Gauge({
    name: "chat_db_pool_waiting",
    help: "Statements waiting for a database connection (every one is in use)",
    registers,
    collect() {
      this.set(readPool()?.waiting ?? 0);
    },
  });
  new Gauge({
    name: "chat_db_pool_max",
    help: "The most connections the database pool opens (DB_POOL_SIZE)",
    registers,
    collect() {
      this.set(readPool()?.max ?? 0);
    },
  });
  const lag = new Histogram({
    name: "chat_bus_lag_seconds",
    help: "Events' time from their publish to this node hearing them (Redis: from the stream entry's time; the embedded hub hands them over at once)",
    buckets: LAG_SECONDS,
    registers,
  });
  return {
    watchDatabase(db) {
      const driver = watchDriver(db);
      readPool = () => driver.poolUse();
      driver.onStatement((seconds) => statements.observe(seconds));
    },
    watchBus(bus) {
      bus.watchLag?.((ms) => lag.observe(ms / 1000));
    },
  };
}
