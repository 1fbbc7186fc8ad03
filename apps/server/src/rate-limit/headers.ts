import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { BucketRule, RateLimitOutcome } from "@chat/rate-limit";

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

/** An opaque, stable id per bucket rule, as the reference platform's bucket hashes are. */
export function bucketHash(rule: BucketRule): string {
  return createHash("sha1").update(`bucket:${rule.name}`).digest("hex").slice(0, 32);
}

/** X-RateLimit-* headers of a limited route; Reset in epoch seconds, Reset-After in seconds, both decimal. */
export function writeBucketHeaders(
  reply: FastifyReply,
  rule: BucketRule | null,
  outcome: RateLimitOutcome,
  now = Date.now(),
): void {
  reply.header("X-RateLimit-Limit", String(outcome.limit));
  reply.header("X-RateLimit-Remaining", String(outcome.remaining));
  reply.header("X-RateLimit-Reset", seconds(now + outcome.resetAfterMs));
  reply.header("X-RateLimit-Reset-After", seconds(outcome.resetAfterMs));
  if (rule) reply.header("X-RateLimit-Bucket", bucketHash(rule));
}

/**
 * The 429 answer: Retry-After in whole seconds (rounded up, as HTTP defines it), the exact
 * wait in the body's `retry_after`. Scope `user` for a route limit, `global` for the bot's
 * 50 per second (then also X-RateLimit-Global).
 */
export function sendRateLimited(
  reply: FastifyReply,
  scope: "user" | "global",
  outcome: RateLimitOutcome,
): FastifyReply {
  const retryAfter = Math.max(outcome.resetAfterMs, 1) / 1000;
  reply.header("Retry-After", String(Math.ceil(retryAfter)));
  reply.header("X-RateLimit-Scope", scope);
  if (scope === "global") reply.header("X-RateLimit-Global", "true");
  return reply.code(429).send({
    message: "You are being rate limited.",
    retry_after: Number(retryAfter.toFixed(3)),
    global: scope === "global",
    code: 0,
  });
}
