import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyAddr from "@fastify/proxy-addr";

/**
 * Which proxies' `X-Forwarded-For` is believed (TRUST_PROXY, the same setting for the server and
 * the web app): `false` uses the peer's address; `true` trusts every hop; a list trusts those
 * addresses or CIDR ranges.
 */
export type TrustProxy = boolean | string[];

/** TRUST_PROXY: unset, empty or `false` is off; `true` trusts every hop; else comma-separated addresses/CIDRs. */
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

/**
 * The header in which the web app's HTTP server hands the request's peer address to Next.js
 * (whose own X-Forwarded-For keeps whatever a client sent). The server overwrites any copy a
 * client sends.
 */
export const PEER_ADDRESS_HEADER = "x-chat-peer-address";

/**
 * The client's address as Fastify's `request.ip` computes it with the same TRUST_PROXY: the
 * peer, or, while the peer is a trusted proxy, the next hop back in X-Forwarded-For.
 */
export function resolveClientAddress(
  request: { peer: string | null | undefined; forwardedFor: string | null | undefined },
  trust: TrustProxy,
): string {
  if (!request.peer) return "unknown";
  if (trust === false) return request.peer;
  const trusts = trust === true ? () => true : proxyAddr.compile(trust);
  const headers = request.forwardedFor ? { "x-forwarded-for": request.forwardedFor } : {};
  return proxyAddr({ socket: { remoteAddress: request.peer }, headers } as unknown as IncomingMessage, trusts);
}
