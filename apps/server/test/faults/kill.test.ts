import { describe, expect, it } from "vitest";
import { runCampaign } from "../../campaigns/kill";

/** The short version of `pnpm campaign kill` (server node processes, SIGKILL, restart on the same storage). */
describe("kill -9 of the server in the middle of a burst of sends, then a restart", () => {
  it("keeps every message answered 200 with its file's exact bytes, half-writes none, and the watching bot's Resume misses nothing", async () => {
    const report = await runCampaign("short");
    expect(report.problems).toEqual([]);
    // Sessions outlive the node: in Redis, or without it in the node's gateway journal.
    const resume = report.rows.find(([what]) => what.startsWith("watching bot's Resume"))?.[1];
    expect(resume).toMatch(/^RESUMED/);
  }, 180_000);
});
