"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC } from "@/lib/trpc";
import { indexReadStates, type ReadStateIndex } from "./read-state-math";

/** The person's read states (kept current by the live stream), indexed for the channel list, the rail and the title. */
export function useReadStates(): ReadStateIndex {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.readStates.list.queryOptions());
  return useMemo(() => indexReadStates(data), [data]);
}
