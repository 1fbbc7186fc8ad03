import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";

export type Db = PrismaClient;

/** A Prisma client over node-postgres; the same driver serves PostgreSQL and the embedded database. */
export function createPrismaClient(url: string, poolSize = 10): PrismaClient {
  const adapter = new PrismaPg({ connectionString: url, max: poolSize });
  return new PrismaClient({ adapter });
}
