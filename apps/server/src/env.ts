import { isIP } from "node:net";
import { configuredAttachmentSigningKey } from "@chat/domain";

/**
 * Which proxies' `X-Forwarded-For` is believed (Fastify's `trustProxy`): `false` uses the
 * socket's address; `true` trusts every hop; a list trusts those addresses or CIDR ranges.
 */
export type TrustProxy = boolean | string[];

/** Server configuration, read and checked once. */
export interface ServerEnv {
  port: number;
  host: string;
  /** TRUST_PROXY: unset or empty is off; `true` trusts every hop; else comma-separated addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** LOG_LEVEL (Fastify/pino level); unset: no request log. */
  logLevel?: string;
  /** DATA_DIR: the embedded database and the secrets generated when not configured. */
  dataDir: string;
  /** ATTACHMENT_SIGNING_KEY (at least 32 characters); unset: one generated into DATA_DIR. */
  attachmentSigningKey?: string;
}

export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = Number(env.SERVER_PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`SERVER_PORT is not a port: ${env.SERVER_PORT}`);
  return {
    port,
    host: env.SERVER_HOST || "0.0.0.0",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || undefined,
    dataDir: env.DATA_DIR || "./data",
    attachmentSigningKey: configuredAttachmentSigningKey(env),
  };
}

/** TRUST_PROXY as Fastify's `trustProxy`; `false` and `true` are spelled out, anything else is a list. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text.toLowerCase() === "false") return false;
  if (text.toLowerCase() === "true") return true;
  const list = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of list) {
    if (!isProxyAddress(entry)) throw new Error(`TRUST_PROXY: not an address, CIDR range or true: ${entry}`);
  }
  return list.length > 0 ? list : false;
}

/** The names proxy-addr (Fastify's trustProxy) knows for ranges. */
const NAMED_RANGES = ["loopback", "linklocal", "uniquelocal"];

/** An IP address, a CIDR range (`10.0.0.0/8`, `fd00::/8`, or with a dotted mask) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = "", range, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}
