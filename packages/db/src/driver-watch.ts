import pg from "pg";

/** How full a Prisma client's connection pool is, as node-postgres counts it. */
export interface PoolUse {
  /** Connections open (idle or in use). */
  total: number;
  idle: number;
  /** Statements waiting for a connection (all are in use). */
  waiting: number;
  /** The most the pool opens. */
  max: number;
}

/** What can be watched of one client's driver: its pool, and the time each statement takes. */
export interface DriverWatch {
  poolUse(): PoolUse;
  /** `listener` hears every statement's time on its connection, in seconds (one listener; a later call replaces it). */
  onStatement(listener: ((seconds: number) => void) | undefined): void;
}

/** The listener a pool's connections report statement times to; empty until someone watches. */
export interface StatementTiming {
  listener?: (seconds: number) => void;
}

type Query = (...args: unknown[]) => unknown;

/**
 * A node-postgres client class whose statements report their time to `timing` (wall time from
 * sending to the answer, without the wait for a pool connection). Without a listener the call
 * goes straight through.
 */
export function timedClient(Base: typeof pg.Client, timing: StatementTiming): typeof pg.Client {
  class TimedClient extends Base {}
  const base = Base.prototype as unknown as { query: Query };
  // Looked up on each call, never kept: a statement counter (tests) patches pg.Client's own
  // query after pools and their clients exist, and must still see every statement.
  (TimedClient.prototype as unknown as { query: Query }).query = function timedQuery(
    this: pg.Client,
    ...args: unknown[]
  ) {
    const listener = timing.listener;
    if (!listener) return base.query.apply(this, args);
    const started = performance.now();
    const done = () => listener((performance.now() - started) / 1000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      // The pool's own query() passes a callback.
      args[last] = (error: unknown, result: unknown) => {
        done();
        callback(error, result);
      };
      return base.query.apply(this, args);
    }
    const result = base.query.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
  return TimedClient;
}

export function poolUse(pool: pg.Pool): PoolUse {
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}
