/** How long one dependency may take to answer before the process counts as not ready. */
export const READINESS_TIMEOUT_MS = 1_000;

export type DependencyState = "ok" | "unavailable" | "not configured";

export interface Readiness {
  /** "ready" (200), or why not (503): a dependency is "unavailable", or the process is "draining". */
  status: "ready" | "unavailable" | "draining";
  checks: { database: DependencyState; redis: DependencyState; livekit: DependencyState };
}

/** A probe of one dependency (it rejects or runs late when the dependency does not answer); null when not configured. */
type Probe = (() => Promise<unknown>) | null;

async function probe(run: Probe): Promise<DependencyState> {
  if (!run) return "not configured";
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), READINESS_TIMEOUT_MS);
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

/** LiveKit's HTTP root answers 200 while it serves (its `ws://` address, asked over HTTP). */
export async function liveKitAnswers(url: string): Promise<void> {
  const response = await fetch(url.replace(/^ws/, "http"), { signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`LiveKit answered ${response.status}`);
}

/**
 * `GET /readyz` of a server node or a web app: ready when the database, Redis (when
 * configured) and LiveKit (when configured) each answer within a second and the process is
 * not shutting down. The same rule for both, so a load balancer reads them alike.
 */
export async function readiness(probes: { database: Probe; redis: Probe; livekit: Probe; draining: boolean }): Promise<Readiness> {
  const [database, redis, livekit] = await Promise.all([probe(probes.database), probe(probes.redis), probe(probes.livekit)]);
  const checks = { database, redis, livekit };
  const status = probes.draining ? "draining" : Object.values(checks).includes("unavailable") ? "unavailable" : "ready";
  return { status, checks };
}
