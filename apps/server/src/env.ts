import { configuredAttachmentSigningKey } from "@chat/domain";
import { type InfrastructureEnv, readInfrastructureEnv } from "@chat/infrastructure";
import { readMetricsPort } from "@chat/metrics";
import { parseTrustProxy, type TrustProxy } from "@chat/rate-limit";
import { type LiveKitAccess, readLiveKitAccess } from "@chat/voice";
import { LOG_LEVELS } from "./logging/logger";

type LogLevel = (typeof LOG_LEVELS)[number];

/** What a server node runs: the bot REST API (with pictures and, without Redis, the event hub), the gateway, or both. */
export const SERVER_ROLES = ["all", "rest", "gateway"] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

/** Fastify's `trustProxy`, parsed as the web app parses its own TRUST_PROXY (@chat/rate-limit). */
export { parseTrustProxy, type TrustProxy };

/** Server configuration, read and checked once. */
export interface ServerEnv {
  /** SERVER_ROLE (`pnpm server-node --role` wins over it): `all` unless set. */
  role: ServerRole;
  port: number;
  host: string;
  /** TRUST_PROXY: unset or empty is off; `true` trusts every hop; else comma-separated addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** LOG_LEVEL: the JSON log's level (pino: fatal … trace, or silent); unset: info (a line per request). */
  logLevel: LogLevel;
  /** DATA_DIR: the embedded database and the secrets generated when not configured. */
  dataDir: string;
  /** ATTACHMENT_SIGNING_KEY (at least 32 characters); unset: one generated into DATA_DIR. */
  attachmentSigningKey?: string;
  /** LIVEKIT_URL, LIVEKIT_PUBLIC_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET; undefined: voice is off. */
  livekit?: LiveKitAccess;
  /** METRICS_PORT: Prometheus metrics at GET /metrics on this port (0: a free one); unset: not served. */
  metricsPort?: number;
  /** METRICS_HOST: the address the metrics port binds; unset: SERVER_HOST's. */
  metricsHost: string;
  /** RATE_LIMITS: `off` turns the REST rate limits off (load tests, a private deployment); else on. */
  rateLimits: boolean;
  /** REDIS_URL, REDIS_NAMESPACE, INTERNAL_SECRET, SERVER_INTERNAL_URL: the deployment's shape (@chat/infrastructure). */
  infrastructure: InfrastructureEnv;
}

export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = Number(env.SERVER_PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`SERVER_PORT is not a port: ${env.SERVER_PORT}`);
  const host = env.SERVER_HOST || "0.0.0.0";
  return {
    role: readServerRole(env.SERVER_ROLE, "SERVER_ROLE") ?? "all",
    port,
    host,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: readLogLevel(env.LOG_LEVEL),
    dataDir: env.DATA_DIR || "./data",
    attachmentSigningKey: configuredAttachmentSigningKey(env),
    livekit: readLiveKitAccess(env),
    metricsPort: readMetricsPort("METRICS_PORT", env.METRICS_PORT),
    metricsHost: env.METRICS_HOST || host,
    rateLimits: env.RATE_LIMITS !== "off",
    infrastructure: readInfrastructureEnv(env),
  };
}

/** A role by name; undefined when unset; refused when it names none (`from`: where it was read, for the message). */
export function readServerRole(value: string | undefined, from: string): ServerRole | undefined {
  if (!value) return undefined;
  if (!(SERVER_ROLES as readonly string[]).includes(value))
    throw new Error(`${from} must be one of ${SERVER_ROLES.join(", ")}: ${value}`);
  return value as ServerRole;
}

/** `--role NAME` or `--role=NAME` among a node's arguments; undefined when absent. */
export function roleFromArguments(args: readonly string[]): ServerRole | undefined {
  for (const [index, arg] of args.entries()) {
    if (arg === "--role") return readServerRole(args[index + 1] ?? "(nothing)", "--role");
    if (arg.startsWith("--role=")) return readServerRole(arg.slice("--role=".length) || "(nothing)", "--role");
  }
  return undefined;
}

function readLogLevel(value: string | undefined): LogLevel {
  if (!value) return "info";
  if (!(LOG_LEVELS as readonly string[]).includes(value))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}: ${value}`);
  return value as LogLevel;
}

/** What `pnpm start` needs to run a LiveKit server itself (when LIVEKIT_URL names none). */
export interface LocalLiveKitEnv {
  /** LIVEKIT_URL is set: LiveKit runs elsewhere, none is started. */
  configured: boolean;
  /** LIVEKIT_BINARY: the LiveKit server binary (else `livekit-server`/`server` on PATH, else `pnpm livekit:install`'s). */
  binary?: string;
  /** LIVEKIT_PORT: its signalling/API port on 127.0.0.1 (0: a free one); unset: 7880, or a free one when 7880 is taken. */
  port?: number;
}

export function readLocalLiveKitEnv(env: NodeJS.ProcessEnv = process.env): LocalLiveKitEnv {
  const port = env.LIVEKIT_PORT ? Number(env.LIVEKIT_PORT) : undefined;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new Error(`LIVEKIT_PORT is not a port: ${env.LIVEKIT_PORT}`);
  return { configured: Boolean(env.LIVEKIT_URL?.trim()), binary: env.LIVEKIT_BINARY || undefined, port };
}
