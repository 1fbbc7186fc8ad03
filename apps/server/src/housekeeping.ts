import { isDatabaseUnreachable, OutageLog } from "@chat/db";
import type { ServerContext } from "./context";

/** Runs the domain's housekeeping every `intervalMs` (0 = never; tests call it themselves). */
export function startHousekeeping(ctx: ServerContext, intervalMs: number): { stop(): Promise<void> } {
  if (intervalMs <= 0) return { async stop() {} };
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = ctx.domain.housekeeping.run().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Fails interactions left unanswered past their 3 seconds (spec: Interaction lifecycle), every
 * `intervalMs` on every node: each is failed by one conditional update, on whichever node gets
 * there first (0 = never; tests call `domain.interactions.expireOverdue()` themselves).
 */
export function startInteractionDeadlines(ctx: ServerContext, intervalMs: number): { stop(): Promise<void> } {
  if (intervalMs <= 0) return { async stop() {} };
  let running: Promise<unknown> | null = null;
  // Every 250 ms: while the database is away, a line now and then rather than a stack each time.
  const outage = new OutageLog("interaction deadlines");
  const timer = setInterval(() => {
    if (running) return;
    running = ctx.domain.interactions
      .expireOverdue()
      .catch((error) =>
        isDatabaseUnreachable(error) ? outage.failed(error) : console.error("interaction deadlines failed", error),
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
