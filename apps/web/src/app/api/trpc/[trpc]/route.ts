import { appRouter } from "@chat/api";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPC_BATCH_MAX, TRPC_ENDPOINT, trpcProcedures } from "@/lib/trpc-calls";
import { createApiContext } from "@/server/api";
import { readWebEnv } from "@/server/env";
import { log } from "@/server/log";
import { isCrossSiteWrite } from "@/server/same-origin";
import { refusalResponse, trpcRefusal } from "@/server/wire-errors";

export const dynamic = "force-dynamic";

let appUrl: string | undefined;

/** tRPC over HTTP: queries and mutations (batched) and subscriptions (SSE). */
async function handler(request: Request): Promise<Response> {
  appUrl ??= readWebEnv().appUrl;
  if (isCrossSiteWrite(request, appUrl))
    return refusalResponse(
      trpcRefusal("FORBIDDEN", "Cross-site request refused: this call must come from the app's own pages."),
    );
  // Before any call runs (each one may be expensive): a batch of more is refused whole.
  if (trpcProcedures(new URL(request.url).pathname).length > TRPC_BATCH_MAX) {
    return refusalResponse(trpcRefusal("BAD_REQUEST", `Too many calls in one request: at most ${TRPC_BATCH_MAX}.`));
  }
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req: request,
    router: appRouter,
    createContext: () => createApiContext(request.headers),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR")
        log.error(
          { requestId: request.headers.get("x-request-id"), path, err: error.cause ?? error },
          "tRPC call failed",
        );
    },
  });
}

export { handler as GET, handler as POST };
