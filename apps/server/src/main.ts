import { startServer } from "./server";

/** Runs one server node with the configuration from the environment. */
const server = await startServer();
console.log(`server listening on ${server.url} (REST ${server.ctx.urls.apiUrl}, gateway ${server.ctx.urls.gatewayUrl})`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
