import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { registerDriver } from "./driver";
import { type StatementTiming, timedClient } from "./driver-watch";
import { PrismaClient } from "./generated/prisma/client";
import { guardTransactions } from "./transaction-guard";

export type Db = PrismaClient;

/** One SQL statement Prisma sent, with its parameters (a JSON array). */
export interface SentQuery {
  query: string;
  params: string;
}

/**
 * Opening a connection to the database (TCP and authentication) gives up after this long, so a
 * request fails fast (503) when the database's host stops answering instead of hanging; a
 * stopped server refuses at once anyway.
 */
const CONNECT_TIMEOUT_MS = 1_000;
/**
 * How long a statement may wait for one of the pool's connections (they are all busy, or
 * every attempt to open one fails) before it fails too: long enough for a burst of load.
 */
const POOL_WAIT_MS = 10_000;
/**
 * The embedded database answers a new connection's handshake on the thread that runs its
 * statements: while a large one runs (a message's 25 MB of files takes a second or two), the
 * handshake waits. A stopped embedded database still refuses at once.
 */
const EMBEDDED_CONNECT_TIMEOUT_MS = POOL_WAIT_MS;
/**
 * How long an interactive transaction may wait to start (Prisma's `maxWait`, 2 s by default):
 * as long as a statement waits for a connection. On the embedded database a transaction also
 * waits for its one session, which other transactions and large statements hold in turn.
 */
const TRANSACTION_WAIT_MS = POOL_WAIT_MS;
/**
 * How long an interactive transaction may run once started (Prisma's `timeout`, 5 s by
 * default, which a 25 MB edit on a busy embedded database outlived): far above any
 * transaction's own work. One that outlives it is rolled back whole (transaction-guard.ts).
 */
const TRANSACTION_TIMEOUT_MS = 30_000;

/** node-postgres reads `connectionTimeoutMillis` for both; the pool passes its own to every client, this class keeps the connect timeout given. */
function connectingWithin(timeoutMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      super({ ...config, connectionTimeoutMillis: timeoutMs });
    }
  };
}

/**
 * A Prisma client over node-postgres; the same driver serves PostgreSQL and the embedded database
 * (`embedded`: connecting waits for a busy one). `onQuery` hears every statement sent (tests
 * read plans and count round trips with it).
 */
export function createPrismaClient(
  url: string,
  poolSize = 10,
  onQuery?: (sent: SentQuery) => void,
  options: { embedded?: boolean } = {},
): PrismaClient {
  const timing: StatementTiming = {};
  const Client = timedClient(
    connectingWithin(options.embedded ? EMBEDDED_CONNECT_TIMEOUT_MS : CONNECT_TIMEOUT_MS),
    timing,
  );
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: POOL_WAIT_MS, Client });
  // An idle connection the server closed (a restart, the embedded database closing): the pool
  // drops it and opens another when asked. Prisma's adapter listens only once Prisma connects;
  // hotQuery may use the pool before that, and an 'error' nobody hears would end the process.
  pool.on("error", () => {});
  const adapter = guardTransactions(new PrismaPg(pool, { disposeExternalPool: true }));
  const transactionOptions = { maxWait: TRANSACTION_WAIT_MS, timeout: TRANSACTION_TIMEOUT_MS };
  // The embedded database runs every connection in its one session: named statements would collide there.
  const named = !options.embedded;
  if (!onQuery) return registerDriver(new PrismaClient({ adapter, transactionOptions }), pool, timing, named);
  const client = new PrismaClient({ adapter, transactionOptions, log: [{ emit: "event", level: "query" }] });
  client.$on("query", (event) => onQuery({ query: event.query, params: event.params }));
  return registerDriver(client, pool, timing, named, onQuery);
}
