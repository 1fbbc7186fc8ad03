import { TRPCClientError } from "@trpc/client";

interface DomainErrorData {
  apiCode?: number | null;
  fieldErrors?: Record<string, string[]> | null;
  code?: string;
}

function dataOf(error: unknown): DomainErrorData | null {
  if (error instanceof TRPCClientError) return (error.data ?? null) as DomainErrorData | null;
  return null;
}

/** A sentence to show for a failed call. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Try again."): string {
  if (error instanceof TRPCClientError) {
    const fields = dataOf(error)?.fieldErrors;
    const first = fields ? Object.values(fields)[0]?.[0] : undefined;
    if (error.message === "Invalid Form Body" && first) return first;
    if (error.message.startsWith("[") || error.message === "fetch failed" || error.message === "Failed to fetch")
      return fallback;
    return error.message || fallback;
  }
  return fallback;
}

/** Per-field messages of a 50035 answer, e.g. { username: ["Must be between 2 and 32 in length."] }. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  return dataOf(error)?.fieldErrors ?? {};
}

export function isUnauthorized(error: unknown): boolean {
  return dataOf(error)?.code === "UNAUTHORIZED";
}

export function isForbidden(error: unknown): boolean {
  return dataOf(error)?.code === "FORBIDDEN";
}

/** The server could not reach its database (SERVICE_UNAVAILABLE): the outage banner says so and reconnects. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return dataOf(error)?.code === "SERVICE_UNAVAILABLE";
}
