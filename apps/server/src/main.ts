import { roleFromArguments } from "./env";
import { startServer } from "./server";

/** How long a stopping node waits for its requests and connections before it exits anyway. */
const STOP_LIMIT_MS = 10_000;

/** Runs one server node with the configuration from the environment; `--role gateway|rest|all` wins over SERVER_ROLE. */
const role = roleFromArguments(process.argv.slice(2));
const server = await startServer(role ? { role } : {});
const log = server.ctx.logger;
log.info(
  { role: server.ctx.role, url: server.url, rest: server.ctx.urls.apiUrl, gateway: server.ctx.urls.gatewayUrl },
  "server node listening",
);

/**
 * SIGTERM or SIGINT: not ready at once, gateway sessions closed so their bots resume on another
 * node, requests in flight finished, then exit; after STOP_LIMIT_MS whatever is left is cut.
 */
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  log.info({ limitMs: STOP_LIMIT_MS }, "server node draining");
  setTimeout(() => {
    log.warn("server node still busy after the stop limit: exiting anyway");
    process.exit(1);
  }, STOP_LIMIT_MS).unref();
  await server.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
