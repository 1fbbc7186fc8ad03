import type { GatewayOptions } from "../src/gateway";
import { startBenchServer } from "./bench-server";

/**
 * A gateway node for `pnpm bench gateway`'s roles scenario, in a process of its own as
 * `pnpm start` runs it (`main.ts --role gateway`), with the bench's gateway limits. Told its
 * storage by the parent; without Redis it joins the parent REST node's embedded database and
 * event hub (SERVER_INTERNAL_URL in its environment). Answers `{ port }` once it listens, and
 * closes on "close".
 */
export interface GatewayNodeConfig {
  dataDir: string;
  databaseUrl?: string;
  embeddedPort?: number;
  redisUrl?: string;
  redisNamespace?: string;
  gateway: Partial<GatewayOptions>;
}

const config = JSON.parse(process.env.BENCH_GATEWAY_NODE ?? "{}") as GatewayNodeConfig;
const server = await startBenchServer(config.dataDir, {
  role: "gateway",
  databaseUrl: config.databaseUrl,
  embeddedPort: config.embeddedPort,
  redisUrl: config.redisUrl,
  redisNamespace: config.redisNamespace,
  rateLimits: false,
  gateway: config.gateway,
});
process.send?.({ port: server.port });
process.on("message", async (message) => {
  if (message !== "close") return;
  await server.close();
  process.exit(0);
});
