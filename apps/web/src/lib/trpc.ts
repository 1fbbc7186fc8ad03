"use client";

import type { AppRouter } from "@chat/api";
import { createTRPCContext } from "@trpc/tanstack-react-query";

/**
 * tRPC through TanStack Query: `useTRPC()` gives query and mutation options and query keys
 * (`useQuery(trpc.guilds.list.queryOptions())`), `useTRPCClient()` the plain client.
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
