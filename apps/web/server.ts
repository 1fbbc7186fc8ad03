import { createServer } from "node:http";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { PEER_ADDRESS_HEADER } from "@chat/rate-limit/client-address";
import next from "next";
import { startDraining } from "./src/server/draining";

/**
 * The web app's HTTP server (`node --import tsx apps/web/server.ts -p PORT [-H HOST]`): the
 * built Next.js app, as `next start` serves it, plus one header. Route handlers cannot see a
 * request's socket, and Next.js fills X-Forwarded-For from the socket only when the client sent
 * none, so a client could name any address. Here every request gets the socket's address in
 * PEER_ADDRESS_HEADER (replacing any copy the client sent); the app resolves the client's
 * address from it and TRUST_PROXY (apps/web/src/server/client-address.ts).
 */
const { values } = parseArgs({
  options: { port: { type: "string", short: "p", default: "3000" }, hostname: { type: "string", short: "H" } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`not a port: ${values.port}`);

const app = next({ dev: false, dir: dirname(fileURLToPath(import.meta.url)), hostname: values.hostname ?? "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();

/** How long a draining web app waits for its requests to finish before it exits anyway. */
const DRAIN_LIMIT_MS = 10_000;
let inFlight = 0;
let onIdle: (() => void) | null = null;

const server = createServer((request, response) => {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  inFlight += 1;
  response.once("close", () => {
    inFlight -= 1;
    if (inFlight === 0) onIdle?.();
  });
  void handle(request, response);
});
server.listen(port, values.hostname, () => console.log(`web app listening on ${values.hostname ?? "*"}:${port}`));

/**
 * SIGTERM: /readyz answers 503 "draining" at once (a load balancer stops sending people here),
 * live streams end (each tab reconnects through the load balancer and resumes from its cursor),
 * requests in flight finish, and the process exits once none are left, or after
 * DRAIN_LIMIT_MS whatever is still open.
 */
function drainAndExit(): void {
  startDraining();
  console.log(`web app draining: ${inFlight} requests in flight, exiting when they finish (at most ${DRAIN_LIMIT_MS / 1000} s)`);
  const exit = () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  };
  setTimeout(exit, DRAIN_LIMIT_MS).unref();
  onIdle = exit;
  // Requests that started before SIGTERM may still be running: each `close` above checks again.
  setImmediate(() => {
    if (inFlight === 0) exit();
  });
}
process.once("SIGTERM", drainAndExit);
process.once("SIGINT", drainAndExit);
