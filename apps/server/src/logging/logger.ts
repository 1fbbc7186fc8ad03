import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { safeUrl } from "@chat/events";

export type { Logger };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Fields that may hold a secret wherever they appear in a logged object: written as "[redacted]". */
const REDACTED = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-internal-secret"]',
  "*.token",
  "*.password",
  "*.client_secret",
  "*.secret",
  "*.access_token",
  "*.refresh_token",
  "*.code",
];

interface LoggedRequest {
  id: string;
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/**
 * The server's JSON log (pino): one line per request (its id, method, route, safe URL,
 * status, time) and whatever the node reports, never a token, password or secret.
 */
export function createServerLogger(options: { level: string; destination?: DestinationStream }): Logger {
  const config: LoggerOptions = {
    level: options.level,
    base: { service: "server", pid: process.pid },
    redact: { paths: REDACTED, censor: "[redacted]" },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: safeUrl(request.url),
        route: request.routeOptions?.url,
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}
