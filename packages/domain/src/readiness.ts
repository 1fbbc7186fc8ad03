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

/** How long `/readyz` answers from the last dependency checks (ReadinessChecks). */
export const READINESS_CACHE_MS = 1_000;

type Checks = Readiness["checks"];
type Probes = { database: Probe; redis: Probe; livekit: Probe };

async function check(probes: Probes): Promise<Checks> {
  const [database, redis, livekit] = await Promise.all([
    probe(probes.database),
    probe(probes.redis),
    probe(probes.livekit),
  ]);
  return { database, redis, livekit };
}

function verdict(checks: Checks, draining: boolean): Readiness {
  const status = draining ? "draining" : Object.values(checks).includes("unavailable") ? "unavailable" : "ready";
  return { status, checks };
}

/**
 * `GET /readyz` of a server node or a web app: ready when the database, Redis (when
 * configured) and LiveKit (when configured) each answer within a second and the process is
 * not shutting down. The same rule for both, so a load balancer reads them alike.
 *
 * One per process: the dependency checks run at most once a second (READINESS_CACHE_MS after
 * the last ended) and probes meanwhile share them (or the run under way), so load balancers
 * probing often, or many at once, cost each dependency one request a second. Draining is
 * never cached: the first probe after SIGTERM answers it.
 */
export class ReadinessChecks {
  private last: { checks: Promise<Checks>; endedAt: number | null } | null = null;

  async current(probes: Probes & { draining: boolean }): Promise<Readiness> {
    return verdict(await this.checks(probes), probes.draining);
  }

  private checks(probes: Probes): Promise<Checks> {
    const last = this.last;
    if (last && (last.endedAt === null || performance.now() - last.endedAt < READINESS_CACHE_MS)) return last.checks;
    const run: { checks: Promise<Checks>; endedAt: number | null } = { checks: check(probes), endedAt: null };
    void run.checks.then(() => {
      run.endedAt = performance.now();
    });
    this.last = run;
    return run.checks;
  }
}
