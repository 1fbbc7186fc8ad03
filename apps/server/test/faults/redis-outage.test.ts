import { describe, expect, it } from "vitest";
import { runCampaign } from "../../campaigns/redis";
import { storageMode } from "../support/harness";

// Two server node processes on PostgreSQL and a Redis of the campaign's own, stopped and started.
describe("the short Redis campaign: Redis stopped a few seconds under two nodes", () => {
  if (storageMode === "postgres") {
    it("answers sends meanwhile, then delivers every held-back message to every session once and in bus order, closing none", async () => {
      const report = await runCampaign("short");
      expect(report.problems).toEqual([]);
      expect(report.rows.find(([what]) => what.startsWith("connections the server closed"))?.[1]).toBe("0, 0");
    }, 180_000);
  } else {
    it("says what it needs when run without PostgreSQL", async () => {
      await expect(runCampaign("short")).rejects.toThrow(/CAMPAIGN_DATABASE_URL/);
    });
  }
});
