import { startServer } from "./server";

/** Runs one server node with the configuration from the environment. */
const server = await startServer();
server.ctx.logger.info({ url: server.url, rest: server.ctx.urls.apiUrl, gateway: server.ctx.urls.gatewayUrl }, "server node listening");
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
