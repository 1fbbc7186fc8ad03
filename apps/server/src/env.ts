/** Server configuration, read and checked once. */
export interface ServerEnv {
  port: number;
  host: string;
}

export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = Number(env.SERVER_PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`SERVER_PORT is not a port: ${env.SERVER_PORT}`);
  return {
    port,
    host: env.SERVER_HOST || "0.0.0.0",
  };
}
