import type { AppRouter } from "@chat/api";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";

const url = "/api/trpc";

/** A browser tRPC client: subscriptions over SSE, everything else batched over HTTP. */
export function createBrowserTRPCClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({ url }),
        false: httpBatchLink({ url }),
      }),
    ],
  });
}
