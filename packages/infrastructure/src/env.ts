/** The deployment's shape as configured: what every process (server, web app, CLI) reads the same way. */
export interface InfrastructureEnv {
  /** REDIS_URL: Redis for the bus and everything shared; unset or empty: the server's event hub and memory. */
  redisUrl?: string;
  /** REDIS_NAMESPACE: separates the Redis channels and keys of deployments (and test runs) on one Redis; unset: `default`. */
  namespace: string;
  /** DATA_DIR: where the hub's shared secret is kept when INTERNAL_SECRET is not set. */
  dataDir: string;
  /** INTERNAL_SECRET: the hub's shared secret; set, the server's internal endpoints answer other hosts too. */
  internalSecret?: string;
  /** SERVER_INTERNAL_URL: where the hub's clients reach it; unset: the server's loopback address on SERVER_PORT (8080). */
  hubUrl: string;
}

export function readInfrastructureEnv(env: Record<string, string | undefined> = process.env): InfrastructureEnv {
  return {
    redisUrl: env.REDIS_URL || undefined,
    namespace: env.REDIS_NAMESPACE || "default",
    dataDir: env.DATA_DIR || "./data",
    internalSecret: env.INTERNAL_SECRET || undefined,
    hubUrl: env.SERVER_INTERNAL_URL || `ws://127.0.0.1:${env.SERVER_PORT || 8080}/internal/bus`,
  };
}
