import { liveKitAnswers, ReadinessChecks } from "@chat/domain";
import { getWebContext } from "@/server/context";
import { isDraining } from "@/server/draining";
import { readWebEnv } from "@/server/env";

const unavailable = () => Promise.reject(new Error("the web app's context did not open"));

/** The dependencies are asked at most once a second however often the route is polled. */
const readiness = new ReadinessChecks();

/**
 * `GET /readyz`: the same rule as a server node's (database, Redis and LiveKit when
 * configured, not draining): 200 when ready, else 503 naming what is not. No session needed.
 */
export async function GET() {
  const draining = isDraining();
  const ctx = await getWebContext().catch(() => null);
  const env = ctx?.env ?? readWebEnv();
  const livekitUrl = env.livekit?.url;
  const result = await readiness.current({
    database: ctx ? () => ctx.prisma.$queryRaw`SELECT 1` : unavailable,
    // Connected (the first request may have just made the context and its connection) and answering; without a context, as configured.
    redis: ctx ? ctx.infrastructure.redisCheck : env.events === "redis" ? unavailable : null,
    livekit: livekitUrl ? () => liveKitAnswers(livekitUrl) : null,
    draining,
  });
  return Response.json(result, {
    status: result.status === "ready" ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}

export const dynamic = "force-dynamic";
