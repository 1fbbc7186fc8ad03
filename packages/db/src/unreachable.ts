import { anyCause } from "./error-causes";

/** Socket failures of node-postgres: nothing answers at the address, or the connection broke. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server going away or not taking connections: 57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now (starting up, recovering), 53300 too many connections, and
 * class 08 (connection exceptions).
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006"]);

/** Prisma's: can't reach the server, timed out reaching it, server closed the connection, timed out waiting for a pool connection. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024"]);

/** What Prisma's driver adapter calls these (DriverAdapterError's `cause.kind`). */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/** node-postgres's errors without a code: the connection ended, or a connect timeout (the client's, the pool's) ran out. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout expired$|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/**
 * Whether `error` means the database cannot be reached right now (stopped, restarting, the
 * network gone), as opposed to a statement that failed: what the HTTP and tRPC layers answer
 * with 503 and the background jobs wait out. Looks through the wrappers (anyCause).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  return anyCause(error, (found, e) => {
    if (
      typeof found.code === "string" &&
      (SOCKET_CODES.has(found.code) || SERVER_CODES.has(found.code) || PRISMA_CODES.has(found.code))
    )
      return true;
    if (typeof found.kind === "string" && ADAPTER_KINDS.has(found.kind)) return true;
    return e instanceof Error && found.code === undefined && DRIVER_MESSAGES.test(e.message);
  });
}
