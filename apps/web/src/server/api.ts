import "server-only";
import { type ApiContext, createCaller } from "@chat/api";
import { hashPassword, verifyPassword } from "@chat/auth";
import { TRPCError } from "@trpc/server";
import { headers as requestHeaders } from "next/headers";
import { connection } from "next/server";
import { getSessionCookie } from "./auth";
import { clientAddressOf } from "./client-address";
import { getWebContext } from "./context";

/**
 * The tRPC context of one request: the process's domain, bus, live streams, presences and rate limits,
 * the web session the cookie names (protected procedures accept it only while it is live)
 * and the client's address.
 */
export async function createApiContext(headers: Pick<Headers, "get">): Promise<ApiContext> {
  await connection();
  const [ctx, session] = await Promise.all([getWebContext(), getSessionCookie()]);
  return {
    domain: ctx.domain,
    bus: ctx.bus,
    live: ctx.live,
    presences: ctx.presence.store,
    passwords: { hash: hashPassword, verify: verifyPassword },
    session,
    rateLimits: ctx.rateLimits,
    signUpLimits: ctx.signUpLimits,
    clientAddress: clientAddressOf(headers, ctx.env.trustProxy),
    requestId: headers.get("x-request-id") ?? undefined,
  };
}

/** The same procedures the browser calls, called in-process from server components. */
export async function serverApi() {
  return createCaller(await createApiContext(await requestHeaders()));
}

/** By shape, not instanceof: the router package and this app may hold separate copies of the class. */
function isTRPCErrorWithCode(error: unknown, code: TRPCError["code"]): boolean {
  return (
    error instanceof Error &&
    (error instanceof TRPCError || error.name === "TRPCError") &&
    (error as TRPCError).code === code
  );
}

/** The call's result, or null when it failed with `code` (e.g. NOT_FOUND); other failures are thrown. */
export async function orNullOn<T>(code: TRPCError["code"], call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isTRPCErrorWithCode(error, code)) return null;
    throw error;
  }
}
