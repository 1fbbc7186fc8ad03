// No "server-only" here: apps/web/server.ts loads this outside the Next.js bundle.

/** LOG_LEVEL: the web app's JSON log level (pino's names); unset: info. */
export function readWebLogLevel(env: Record<string, string | undefined> = process.env): string {
  return env.LOG_LEVEL || "info";
}
