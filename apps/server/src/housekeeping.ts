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
