import { createServerLogger } from "../src/logging/logger";
import type { Gateway } from "../src/gateway";
import { type RunningServer, type ServerOptions, startServer } from "../src/server";

type BenchServerOptions = Omit<ServerOptions, "dataDir" | "urls">;

/**
 * One server node for a benchmark, loopback only, in `dataDir` (embedded database unless
 * `options.databaseUrl`), with its public URLs pointing at itself. DATABASE_URL and REDIS_URL
 * from the environment are ignored: each bench says which storage it measures.
 */
export async function startBenchServer(
  dataDir: string,
  options: BenchServerOptions & { role: "rest" },
): Promise<RunningServer<null>>;
export async function startBenchServer(
  dataDir: string,
  options?: BenchServerOptions & { role?: "all" | "gateway" },
): Promise<RunningServer>;
export async function startBenchServer(
  dataDir: string,
  options: BenchServerOptions = {},
): Promise<RunningServer<Gateway | null>> {
  for (const key of ["DATABASE_URL", "REDIS_URL"]) delete process.env[key];
  const urls = { appUrl: "http://127.0.0.1:3000", apiUrl: "", cdnUrl: "", gatewayUrl: "" };
  // Silent: the figures are the service's work, not its log (and the bench's own output stays readable).
  const logger = createServerLogger({ level: "silent" });
  const server = await startServer({ embeddedPort: 0, port: 0, host: "127.0.0.1", logger, ...options, dataDir, urls });
  const root = `http://127.0.0.1:${server.port}`;
  Object.assign(urls, {
    apiUrl: `${root}/api/v10`,
    cdnUrl: `${root}/cdn`,
    gatewayUrl: `ws://127.0.0.1:${server.port}/gateway`,
  });
  return server;
}
