import { QueryCache, QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { isDatabaseUnavailable, isUnauthorized } from "./errors";
import { sendToLogin } from "./return-path";

/** Answers that a retry cannot change: the request itself was refused. */
function refused(error: unknown): boolean {
  return error instanceof TRPCClientError && typeof error.data?.httpStatus === "number" && error.data.httpStatus < 500;
}

/** Whether a failed query is worth asking again by itself: not when refused, nor while the database is away. */
function worthRetrying(failures: number, error: unknown): boolean {
  // An unavailable database is waited out by the outage banner (one probe for the whole tab),
  // which refetches every query once the database answers again.
  return !refused(error) && !isDatabaseUnavailable(error) && failures < 2;
}

/**
 * The browser's query cache. The live stream keeps what is on screen current, so data does not
 * go stale on a timer or on focus; a refused request is not retried, nor one met by a database
 * outage; a query answered UNAUTHORIZED (the session ended) sends the person to log in.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) sendToLogin();
      },
    }),
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: worthRetrying },
      mutations: { retry: false },
    },
  });
}
