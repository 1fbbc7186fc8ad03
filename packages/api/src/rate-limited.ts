import type { BucketRule, RateLimitOutcome, RateLimitStore } from "@chat/rate-limit";
import { TRPCError } from "@trpc/server";

/**
 * Spends one use of `rule` for `key`; over the limit a TOO_MANY_REQUESTS whose message (from
 * `explain`, given the wait) says when to try again. Each call of a batched request spends its own.
 */
export async function spendOrRefuse(store: RateLimitStore, rule: BucketRule, key: string, explain: (retryAfterMs: number) => string): Promise<RateLimitOutcome> {
  const outcome = await store.consume(rule, key);
  if (!outcome.allowed) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: explain(outcome.resetAfterMs) });
  return outcome;
}
