/**
 * The procedures one HTTP request to the tRPC endpoint calls, read from its path alone
 * (`/api/trpc/a,b,c?batch=1`), before any body is read or any procedure runs. Used by
 * apps/web/server.ts (body limits), the tRPC route (the batch limit) and the browser's client.
 */
export const TRPC_ENDPOINT = "/api/trpc";

/** At most this many calls in one batched request; the app's own client sends no more (httpBatchLink's maxItems). */
export const TRPC_BATCH_MAX = 10;

/**
 * The procedure names in a request path, e.g. ["messages.send", "readStates.ack"]; [] for a
 * path outside the endpoint. Decoded as tRPC decodes it, so an encoded comma counts too.
 */
export function trpcProcedures(pathname: string): string[] {
  if (!pathname.startsWith(`${TRPC_ENDPOINT}/`)) return [];
  let names: string;
  try {
    names = decodeURIComponent(pathname.slice(TRPC_ENDPOINT.length + 1));
  } catch {
    names = pathname.slice(TRPC_ENDPOINT.length + 1);
  }
  return names.split(",");
}
