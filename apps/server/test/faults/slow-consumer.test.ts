import { describe, expect, it } from "vitest";
import { runCampaign } from "../../campaigns/slow-consumer";

/** The short version of `pnpm campaign slow-consumer` (a server node in its own process). */
describe("a bot that stops reading its socket while messages flow", () => {
  it("is cut off with 4000 while a healthy bot gets every message once and in order, then resumes and misses nothing", async () => {
    const report = await runCampaign("short");
    expect(report.problems).toEqual([]);
    expect(report.rows.find(([what]) => what.startsWith("stuck bot cut off"))?.[1]).toMatch(
      /s, close code (4000|1006)$/,
    );
  }, 150_000);
});
