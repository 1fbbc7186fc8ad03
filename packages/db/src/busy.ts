import { anyCause } from "./error-causes";

/**
 * Prisma's: P2028, a transaction that could not start within its wait (every connection, or the
 * embedded database's one session, taken by others) or outlived its timeout and was rolled
 * back; P2034, a write conflict or deadlock; P1018, a statement sent after its transaction
 * ended (transaction-guard.ts refuses those).
 */
const PRISMA_CODES = new Set(["P2028", "P2034", "P1018"]);

/** What Prisma's driver adapter calls these (DriverAdapterError's `cause.kind`). */
const ADAPTER_KINDS = new Set(["TransactionAlreadyClosed", "TransactionWriteConflict"]);

/**
 * SQLSTATEs of a statement that lost to other work, not a wrong one: 40001 serialization
 * failure, 40P01 deadlock, 55P03 lock not available, 57014 cancelled (a statement timeout).
 */
const SERVER_CODES = new Set(["40001", "40P01", "55P03", "57014"]);

/**
 * Whether `error` means the database was too busy to do the work in time: it was undone
 * whole, and the same request may be sent again. The HTTP and tRPC layers answer it with 503,
 * as a database that cannot be reached (isDatabaseUnreachable).
 */
export function isDatabaseBusy(error: unknown): boolean {
  return anyCause(error, (found) => {
    if (typeof found.code === "string" && (PRISMA_CODES.has(found.code) || SERVER_CODES.has(found.code))) return true;
    return typeof found.kind === "string" && ADAPTER_KINDS.has(found.kind);
  });
}
