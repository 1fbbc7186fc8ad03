import { describe, expect, it } from "vitest";
import { checkCoverage, proceduresOf, runCampaign, writeRoutesOf } from "../../../fuzz/campaign";
import { DEFAULT_SEED } from "../../../fuzz/options";
import { useTestServer } from "../../support/harness";

/**
 * A fixed-seed slice of `pnpm fuzz` (apps/server/fuzz): a few generated malformed requests for
 * every write route of the bot API and every tRPC procedure. None may be answered with a 5xx
 * (tRPC: INTERNAL_SERVER_ERROR), a refused one must change no table, and every refusal of the
 * bot API has the spec's error shape. Rate limits are off so each request reaches validation.
 * A failure prints the request; `pnpm fuzz --only "<route>"` shrinks it to a minimal case.
 */
const RUNS_PER_TARGET = 8;

describe("malformed input to every write route and tRPC procedure", () => {
  const env = useTestServer({ server: { rateLimits: false, housekeepingIntervalMs: 0 }, world: false });

  it("has a generator for every write route and procedure (a new one without fails here)", () => {
    expect(() => checkCoverage(env.t.server)).not.toThrow();
    expect(writeRoutesOf(env.t.server).length).toBeGreaterThan(40);
    expect(proceduresOf().length).toBeGreaterThan(25);
  });

  it("answers every case without a 5xx, refuses without partial writes, and in the spec's error shape", {
    timeout: 240_000,
  }, async () => {
    const report = await runCampaign(env.t.server, { seed: DEFAULT_SEED, runs: RUNS_PER_TARGET, shrink: false });
    const failures = report.targets
      .filter((target) => target.failure)
      .map((target) => ({
        target: target.key,
        request: target.failure?.first.request,
        status: target.failure?.first.status,
        problems: target.failure?.first.problems,
      }));
    expect(failures).toEqual([]);
    expect(report.targets).toHaveLength(writeRoutesOf(env.t.server).length + proceduresOf().length);
    expect(report.totals.cases).toBe(report.targets.length * RUNS_PER_TARGET);
    // Most cases are refused: the generators break what they send.
    expect(report.totals.refused).toBeGreaterThan(report.totals.accepted);
  });
});
