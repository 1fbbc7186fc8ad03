import { appRouter } from "@chat/api";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createApiContext } from "@/server/api";
import { log } from "@/server/log";

export const dynamic = "force-dynamic";

/** Refuses cross-site writes: a POST must come from this site (Origin matches Host). */
function crossSiteWrite(request: Request): boolean {
  if (request.method !== "POST") return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** tRPC over HTTP: queries and mutations (batched) and subscriptions (SSE). */
async function handler(request: Request): Promise<Response> {
  if (crossSiteWrite(request)) return new Response("Cross-site request refused", { status: 403 });
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: () => createApiContext(request.headers),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") log.error({ requestId: request.headers.get("x-request-id"), path, err: error.cause ?? error }, "tRPC call failed");
    },
  });
}

export { handler as GET, handler as POST };
