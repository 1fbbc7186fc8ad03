import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { registerDriver } from "./driver";
import { type StatementTiming, timedClient } from "./driver-watch";
import { PrismaClient } from "./generated/prisma/client";

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

/** node-postgres reads `connectionTimeoutMillis` for both; the pool passes its own to every client, this one keeps the short one. */
class QuickConnectClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/**
 * A Prisma client over node-postgres; the same driver serves PostgreSQL and the embedded database.
 * `onQuery` hears every statement sent (tests read plans and count round trips with it).
 */
export function createPrismaClient(url: string, poolSize = 10, onQuery?: (sent: SentQuery) => void): PrismaClient {
  const timing: StatementTiming = {};
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: POOL_WAIT_MS, Client: timedClient(QuickConnectClient, timing) });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  if (!onQuery) return registerDriver(new PrismaClient({ adapter }), pool, timing);
  const client = new PrismaClient({ adapter, log: [{ emit: "event", level: "query" }] });
  client.$on("query", (event) => onQuery({ query: event.query, params: event.params }));
  return registerDriver(client, pool, timing);
}
