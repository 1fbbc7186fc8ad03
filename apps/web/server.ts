import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { acceptableRequestId } from "@chat/events/request-context";
import { safeUrl } from "@chat/events/safe-url";
import { PEER_ADDRESS_HEADER } from "@chat/rate-limit/client-address";
import next from "next";
import pino from "pino";
import { FIXED_POLICY } from "./src/lib/content-security-policy";
import { admitRequestBody } from "./src/server/body-guard";
import { startDraining } from "./src/server/draining";
import { readWebLogLevel } from "./src/server/log-env";
import { readWebMetricsEnv, startWebMetrics } from "./src/server/metrics";
import { createSignedInCheck } from "./src/server/signed-in";

/**
 * The web app's HTTP server (`node --import tsx apps/web/server.ts -p PORT [-H HOST]`): the
 * built Next.js app, as `next start` serves it, plus one header. Route handlers cannot see a
 * request's socket, and Next.js fills X-Forwarded-For from the socket only when the client sent
 * none, so a client could name any address. Here every request gets the socket's address in
 * PEER_ADDRESS_HEADER (replacing any copy the client sent); the app resolves the client's
 * address from it and TRUST_PROXY (apps/web/src/server/client-address.ts). Every answer carries
 * the security headers (pages get their own nonce-based policy from src/proxy.ts over the fixed
 * one), and request bodies are held to their limits before Next.js reads them
 * (src/server/body-guard.ts). With WEB_METRICS_PORT set, Prometheus metrics are served on that
 * port (src/server/metrics.ts).
 */
const { values } = parseArgs({
  options: { port: { type: "string", short: "p", default: "3000" }, hostname: { type: "string", short: "H" } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`not a port: ${values.port}`);
const metricsEnv = readWebMetricsEnv();

const app = next({
  dev: false,
  dir: dirname(fileURLToPath(import.meta.url)),
  hostname: values.hostname ?? "localhost",
  port,
});
await app.prepare();
const handle = app.getRequestHandler();

/**
 * The web app's JSON log (pino, LOG_LEVEL, info by default): a line per request with its id,
 * method, URL (capabilities redacted: OAuth2 codes and states, signatures), status and time;
 * built assets at debug. Never headers or bodies.
 */
const log = pino({ level: readWebLogLevel(), base: { service: "web", pid: process.pid } });

function logRequest(requestId: string, request: IncomingMessage, response: ServerResponse, ms: number): void {
  const url = request.url ?? "";
  // Built assets, and health checks that are polled every second or so: only at debug.
  const level = url.startsWith("/_next/static/") || url === "/healthz" || url === "/readyz" ? "debug" : "info";
  if (!log.isLevelEnabled(level)) return;
  log[level](
    {
      requestId,
      req: { method: request.method, url: safeUrl(url) },
      res: { statusCode: response.statusCode },
      responseTime: Math.round(ms * 10) / 10,
    },
    "request completed",
  );
}

/** How long a draining web app waits for its requests to finish before it exits anyway. */
const DRAIN_LIMIT_MS = 10_000;
let inFlight = 0;
let onIdle: (() => void) | null = null;

const signedIn = createSignedInCheck();

const server = createServer((request, response) => {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  // The app's tRPC calls run as part of this id: the events they cause carry it to the server's log.
  const requestId = acceptableRequestId(request.headers["x-request-id"]) ?? randomUUID();
  request.headers["x-request-id"] = requestId;
  response.setHeader("x-request-id", requestId);
  // Next.js keeps these unless the answer sets its own (a page's Content-Security-Policy, from src/proxy.ts).
  response.setHeader("content-security-policy", FIXED_POLICY);
  response.setHeader("x-frame-options", "DENY");
  response.setHeader("x-content-type-options", "nosniff");
  const started = performance.now();
  inFlight += 1;
  response.once("close", () => {
    inFlight -= 1;
    logRequest(requestId, request, response, performance.now() - started);
    if (inFlight === 0) onIdle?.();
  });
  admitRequestBody(request, response, { signedIn })
    .then((admitted) => (admitted ? handle(request, response) : undefined))
    .catch((error: unknown) => {
      log.error({ requestId, err: error }, "request failed before the app");
      response.destroy();
    });
});
server.listen(port, values.hostname, () => log.info({ port, host: values.hostname ?? "*" }, "web app listening"));
const metrics =
  metricsEnv.port === undefined
    ? undefined
    : await startWebMetrics(metricsEnv.port, metricsEnv.host ?? values.hostname ?? "0.0.0.0");
if (metrics) log.info({ url: metrics.url }, "web app metrics served");

/**
 * SIGTERM: /readyz answers 503 "draining" at once (a load balancer stops sending people here),
 * live streams end (each tab reconnects through the load balancer and resumes from its cursor),
 * requests in flight finish, and the process exits once none are left, or after
 * DRAIN_LIMIT_MS whatever is still open.
 */
function drainAndExit(): void {
  startDraining();
  log.info({ inFlight, limitMs: DRAIN_LIMIT_MS }, "web app draining: exiting once the requests in flight finish");
  const exit = () => {
    server.close();
    server.closeAllConnections();
    void metrics?.close();
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
