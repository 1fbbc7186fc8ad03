import { RedisBus } from "@chat/events";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context";

/** How long one dependency may take to answer before the node counts as not ready. */
const CHECK_TIMEOUT_MS = 1_000;

type CheckResult = "ok" | "unavailable" | "not configured";

async function check(run: (() => Promise<unknown>) | null): Promise<CheckResult> {
  if (!run) return "not configured";
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), late]);
    return "ok";
  } catch {
    return "unavailable";
  } finally {
    clearTimeout(timer);
  }
}

/** LiveKit's HTTP root answers 200 "OK" while it serves. */
async function liveKitAnswers(url: string): Promise<void> {
  const response = await fetch(url.replace(/^ws/, "http"), { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`LiveKit answered ${response.status}`);
}

/**
 * For load balancers and orchestrators: `GET /healthz` (the process is up and serving) and
 * `GET /readyz` (the database, Redis when configured and LiveKit when configured all answer,
 * and the node is not shutting down). Neither needs authentication nor counts against a rate
 * limit; each answers in about a round trip to each dependency, so polling every second is cheap.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    const [database, redis, livekit] = await Promise.all([
      check(() => ctx.database.prisma.$queryRaw`SELECT 1`),
      check(ctx.bus instanceof RedisBus ? () => (ctx.bus as RedisBus).ping() : null),
      check(ctx.livekitUrl ? () => liveKitAnswers(ctx.livekitUrl as string) : null),
    ]);
    const checks = { database, redis, livekit };
    const status = ctx.lifecycle.draining ? "draining" : Object.values(checks).includes("unavailable") ? "unavailable" : "ready";
    return reply.code(status === "ready" ? 200 : 503).header("cache-control", "no-store").send({ status, checks });
  });
}
