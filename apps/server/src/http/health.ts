import { liveKitAnswers, ReadinessChecks } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context";

/**
 * For load balancers and orchestrators: `GET /healthz` (the process is up and serving) and
 * `GET /readyz` (the domain's readiness rule: database, Redis and LiveKit when configured, not
 * draining). Neither needs authentication nor counts against a rate limit; the dependencies
 * are asked at most once a second however often it is polled (ReadinessChecks).
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const readiness = new ReadinessChecks();
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    const { livekitUrl } = ctx;
    const result = await readiness.current({
      database: () => ctx.database.prisma.$queryRaw`SELECT 1`,
      redis: ctx.infrastructure.redisCheck,
      livekit: livekitUrl ? () => liveKitAnswers(livekitUrl) : null,
      draining: ctx.lifecycle.draining,
    });
    return reply
      .code(result.status === "ready" ? 200 : 503)
      .header("cache-control", "no-store")
      .send(result);
  });
}
