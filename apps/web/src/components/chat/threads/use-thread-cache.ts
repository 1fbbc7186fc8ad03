"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useQueryPatcher } from "@/components/live/live-provider";
import { useTRPC } from "@/lib/trpc";
import { ThreadCache } from "./thread-cache";

/** The cache writer for this tab's own changes. */
export function useThreadCache(): ThreadCache {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const patcher = useQueryPatcher();
  return useMemo(() => new ThreadCache(queryClient, trpc, patcher), [queryClient, trpc, patcher]);
}
