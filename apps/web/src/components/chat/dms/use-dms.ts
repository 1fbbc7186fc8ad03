"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";

/** The person's DMs, the most recently active first (kept current by the live stream). */
export function useDms() {
  const trpc = useTRPC();
  return useQuery(trpc.people.dms.queryOptions());
}
