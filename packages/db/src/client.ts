import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";

export type Db = PrismaClient;

/** One SQL statement Prisma sent, with its parameters (a JSON array). */
export interface SentQuery {
  query: string;
  params: string;
}

/**
 * A Prisma client over node-postgres; the same driver serves PostgreSQL and the embedded database.
 * `onQuery` hears every statement sent (tests read plans and count round trips with it).
 */
export function createPrismaClient(url: string, poolSize = 10, onQuery?: (sent: SentQuery) => void): PrismaClient {
  const adapter = new PrismaPg({ connectionString: url, max: poolSize });
  if (!onQuery) return new PrismaClient({ adapter });
  const client = new PrismaClient({ adapter, log: [{ emit: "event", level: "query" }] });
  client.$on("query", (event) => onQuery({ query: event.query, params: event.params }));
  return client;
}
