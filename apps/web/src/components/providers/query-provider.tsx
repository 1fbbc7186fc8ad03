"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { DatabaseOutageBanner } from "@/components/layout/database-outage-banner";
import { DatabaseOutage } from "@/lib/database-outage";
import { createQueryClient } from "@/lib/query-client";
import { TRPCProvider } from "@/lib/trpc";
import { createBrowserTRPCClient } from "@/lib/trpc-client";

/** One query cache and one tRPC client per browser tab, for every page, with the database outage bar above each page. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [outage] = useState(() => new DatabaseOutage());
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => createBrowserTRPCClient(outage));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <DatabaseOutageBanner outage={outage} />
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
