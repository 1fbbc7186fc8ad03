import { describe, expect, it } from "vitest";
import { runCampaign } from "../../campaigns/kill";
import { storageMode } from "../support/harness";

/** The short version of `pnpm campaign kill` (server node processes, SIGKILL, restart on the same storage). */
describe("kill -9 of the server in the middle of a burst of sends, then a restart", () => {
  it("keeps every message answered 200 with its file's exact bytes, half-writes none, and the watching bot's Resume misses nothing that Redis can keep", async () => {
    const report = await runCampaign("short");
    expect(report.problems).toEqual([]);
    const resume = report.rows.find(([what]) => what.startsWith("watching bot's Resume"))?.[1];
    // With Redis sessions outlive the node; without it they live in its memory (README: Reliability).
    expect(resume).toMatch(storageMode === "postgres" && process.env.TEST_REDIS_URL ? /^RESUMED/ : /^refused \(op 9\)/);
  }, 180_000);
});
