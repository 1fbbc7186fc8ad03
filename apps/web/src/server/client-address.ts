import "server-only";
import { PEER_ADDRESS_HEADER, resolveClientAddress, type TrustProxy } from "@chat/rate-limit";

/** A request's headers: fetch's (route handlers, next/headers) or next-auth's plain object. */
type HeaderBag = Pick<Headers, "get"> | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof headers.get === "function") return (headers as Pick<Headers, "get">).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * The client's address for per-address limits. The peer comes from the web app's HTTP server
 * (server.ts), which overwrites PEER_ADDRESS_HEADER on every request; X-Forwarded-For is
 * believed only as far as TRUST_PROXY trusts the hops (Next.js itself passes a client-sent
 * X-Forwarded-For on untouched, so it alone would let anyone pick an address).
 */
export function clientAddressOf(headers: HeaderBag, trustProxy: TrustProxy): string {
  return resolveClientAddress(
    { peer: header(headers, PEER_ADDRESS_HEADER), forwardedFor: header(headers, "x-forwarded-for") },
    trustProxy,
  );
}
