import pg from "pg";
import { type DriverWatch, poolUse, type StatementTiming } from "./driver-watch";
import type { PrismaClient } from "./generated/prisma/client";

const pools = new WeakMap<PrismaClient, pg.Pool>();
const timings = new WeakMap<PrismaClient, StatementTiming>();
/** The clients whose connections each have a session of their own, where hotQuery's statements may be named. */
const namedStatements = new WeakSet<PrismaClient>();
/** Who hears each statement a client sends (createPrismaClient's `onQuery`), hotQuery's as well as Prisma's. */
const queryListeners = new WeakMap<PrismaClient, (sent: { query: string; params: string }) => void>();

/**
 * Called by createPrismaClient: the node-postgres pool under a Prisma client, where its
 * statements report their time, and whether each connection is a session of its own (not on
 * the embedded database, which runs every connection in its one session).
 */
export function registerDriver<T extends PrismaClient>(
  prisma: T,
  pool: pg.Pool,
  timing: StatementTiming,
  ownSessions: boolean,
  onQuery?: (sent: { query: string; params: string }) => void,
): T {
  pools.set(prisma, pool);
  timings.set(prisma, timing);
  if (ownSessions) namedStatements.add(prisma);
  if (onQuery) queryListeners.set(prisma, onQuery);
  return prisma;
}

/** The pool and statement times under a client made by createPrismaClient (metrics). */
export function watchDriver(db: PrismaClient): DriverWatch {
  const pool = pools.get(db);
  const timing = timings.get(db);
  if (!pool || !timing) throw new Error("watchDriver: this Prisma client was not made by createPrismaClient");
  return {
    poolUse: () => poolUse(pool),
    onStatement(listener) {
      timing.listener = listener;
    },
  };
}

const INT8 = 20;
const INT8_ARRAY = 1016;
const TIMESTAMP = 1114;
const defaultInt8Array = pg.types.getTypeParser(INT8_ARRAY as Parameters<typeof pg.types.getTypeParser>[0]) as (
  text: string,
) => (string | null)[];

/**
 * Values as Prisma's raw queries give them: 64-bit integers (ids) as bigint, and timestamps
 * (Prisma's columns are `timestamp(3)`, without a zone) as UTC, whatever this machine's zone.
 */
const parseInt8 = (text: string) => BigInt(text);
const parseInt8Array = (text: string) => defaultInt8Array(text).map((v) => (v === null ? null : BigInt(v)));
const parseTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
// Asked once per column of every answer: the parsers are made once, not per column and answer.
const prismaTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === INT8) return parseInt8;
    if (oid === INT8_ARRAY) return parseInt8Array;
    if (oid === TIMESTAMP) return parseTimestamp;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig["getTypeParser"],
};

/** A statement's parameter: 64-bit integers and dates go as text (cast in the SQL where it matters), bytes as binary (`bytea`). */
export type SqlValue = string | number | boolean | bigint | Uint8Array | null;

/** The names of hotQuery's statements, by text: each connection prepares one once and then only binds it. */
const statementNames = new Map<string, string>();
/** More distinct texts than this would mean one is built per call: those run unnamed. */
const MAX_NAMED_STATEMENTS = 200;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `hot_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Whether `db` is a client hotQuery can run on (made by createPrismaClient; not a transaction's client). */
export function hotQueryable(db: unknown): boolean {
  return pools.has(db as PrismaClient);
}

/**
 * Runs one statement on the driver under `db`, skipping Prisma's query engine (about a third
 * of the main thread's work per statement): for the few statements on every request's path,
 * each a fixed text. On PostgreSQL each runs as a named prepared statement, parsed once per
 * connection and planned generically after five runs rather than on every run (the send's
 * statement spent half of PostgreSQL's time per send in planning). Rows come typed as
 * `$queryRaw` gives them.
 */
export async function hotQuery<Row>(db: PrismaClient, text: string, values: SqlValue[]): Promise<Row[]> {
  const pool = pools.get(db);
  if (!pool) throw new Error("hotQuery: this Prisma client was not made by createPrismaClient");
  const query = {
    text,
    values: values.map((v) => (typeof v === "bigint" ? v.toString() : v)),
    types: prismaTypes,
  };
  queryListeners.get(db)?.({ query: text, params: JSON.stringify(query.values) });
  if (!namedStatements.has(db)) return (await pool.query(query)).rows as Row[];
  try {
    return (await pool.query({ ...query, name: statementName(text) })).rows as Row[];
  } catch (error) {
    // The name exists in a session another connection shares: the embedded database, reached by
    // its URL as if it were PostgreSQL. This client's statements go unnamed from now on.
    if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
    namedStatements.delete(db);
    return (await pool.query(query)).rows as Row[];
  }
}

const DUPLICATE_PREPARED_STATEMENT = "42P05";
