import { createServer } from "node:http";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { PEER_ADDRESS_HEADER } from "@chat/rate-limit/client-address";
import next from "next";
import { readWebMetricsEnv, startWebMetrics } from "./src/server/metrics";

/**
 * The web app's HTTP server (`node --import tsx apps/web/server.ts -p PORT [-H HOST]`): the
 * built Next.js app, as `next start` serves it, plus one header. Route handlers cannot see a
 * request's socket, and Next.js fills X-Forwarded-For from the socket only when the client sent
 * none, so a client could name any address. Here every request gets the socket's address in
 * PEER_ADDRESS_HEADER (replacing any copy the client sent); the app resolves the client's
 * address from it and TRUST_PROXY (apps/web/src/server/client-address.ts). With WEB_METRICS_PORT
 * set, Prometheus metrics are served on that port (src/server/metrics.ts).
 */
const { values } = parseArgs({
  options: { port: { type: "string", short: "p", default: "3000" }, hostname: { type: "string", short: "H" } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`not a port: ${values.port}`);
const metricsEnv = readWebMetricsEnv();

const app = next({ dev: false, dir: dirname(fileURLToPath(import.meta.url)), hostname: values.hostname ?? "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((request, response) => {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  void handle(request, response);
});
server.listen(port, values.hostname, () => console.log(`web app listening on ${values.hostname ?? "*"}:${port}`));
const metrics = metricsEnv.port === undefined ? undefined : await startWebMetrics(metricsEnv.port, metricsEnv.host ?? values.hostname ?? "0.0.0.0");
if (metrics) console.log(`web app metrics at ${metrics.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void metrics?.close();
    process.exit(0);
  });
}
