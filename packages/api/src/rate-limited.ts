import type { BucketRule, RateLimitOutcome, RateLimitStore } from "@chat/rate-limit";
import { TRPCError } from "@trpc/server";

/**
 * Spends one use of `rule` for `key`; over the limit a TOO_MANY_REQUESTS whose message (from
 * `explain`, given the wait) says when to try again. Each call of a batched request spends its own.
 */
export async function spendOrRefuse(
  store: RateLimitStore,
  rule: BucketRule,
  key: string,
  explain: (retryAfterMs: number) => string,
): Promise<RateLimitOutcome> {
  const outcome = await store.consume(rule, key);
  if (!outcome.allowed) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: explain(outcome.resetAfterMs) });
  return outcome;
}

/**
 * Spends `points` of `rule` for `key` (a file's bytes of a byte budget), then does `work`. Over
 * the limit a TOO_MANY_REQUESTS as spendOrRefuse, nothing spent (a smaller file may still fit);
 * the points are given back when `work` is refused, as nothing was stored.
 */
export async function spendPointsFor<T>(
  store: RateLimitStore,
  rule: BucketRule,
  key: string,
  points: number,
  explain: (retryAfterMs: number) => string,
  work: () => Promise<T>,
): Promise<T> {
  const outcome = await store.consume(rule, key, points);
  if (!outcome.allowed) {
    // A refused consume still counted its points: the refused attempt stored nothing.
    await store.refund(rule, key, points);
    throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: explain(outcome.resetAfterMs) });
  }
  try {
    return await work();
  } catch (error) {
    await store.refund(rule, key, points);
    throw error;
  }
}
