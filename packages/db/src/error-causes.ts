/** What an error, or anything it wraps, may carry: a code, an adapter's kind, a message. */
export interface ErrorFacts {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
}

/**
 * Whether `test` holds for `error` or anything it wraps: Prisma's errors (their
 * `meta.driverAdapterError`), `cause` chains and AggregateError (a host with several addresses).
 */
export function anyCause(error: unknown, test: (found: ErrorFacts, error: object) => boolean): boolean {
  const seen = new Set<unknown>();
  const look = (e: unknown): boolean => {
    if (typeof e !== "object" || e === null || seen.has(e) || seen.size > 20) return false;
    seen.add(e);
    const found = e as ErrorFacts & { cause?: unknown; errors?: unknown; meta?: { driverAdapterError?: unknown } };
    if (test(found, e)) return true;
    if (look(found.cause) || look(found.meta?.driverAdapterError)) return true;
    return Array.isArray(found.errors) && found.errors.some(look);
  };
  return look(error);
}
