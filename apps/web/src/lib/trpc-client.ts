import type { AppRouter } from "@chat/api";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { TRPC_BATCH_MAX } from "@/lib/trpc-calls";
import type { DatabaseOutage } from "./database-outage";
import { databaseOutageLink } from "./database-outage-link";

const url = "/api/trpc";

/** A browser tRPC client: subscriptions over SSE, everything else batched over HTTP, each outcome told to `outage`. */
export function createBrowserTRPCClient(outage: DatabaseOutage) {
  return createTRPCClient<AppRouter>({
    links: [
      databaseOutageLink(outage),
      splitLink({
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({ url }),
        // The endpoint refuses larger batches.
        false: httpBatchLink({ url, maxItems: TRPC_BATCH_MAX }),
      }),
    ],
  });
}
