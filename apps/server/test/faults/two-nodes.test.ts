import { describe, expect, it } from "vitest";
import { runCampaign as runJitter } from "../../campaigns/jitter";
import { runCampaign as runStorm } from "../../campaigns/storm";
import { storageMode } from "../support/harness";

const withServices = storageMode === "postgres" && Boolean(process.env.TEST_REDIS_URL);

/** The short versions of the campaigns on two server node processes on PostgreSQL + Redis (CI runs that pass). */
describe("the short campaigns on two server nodes", () => {
  if (withServices) {
    it("jitter: clients dropped every few seconds and resuming on either node each receive every message exactly once and in order, no Resume refused", async () => {
      expect((await runJitter("short")).problems).toEqual([]);
    }, 180_000);

    it("storm: when every client's node is killed and all resume on the other at once, all resume, nothing is lost or repeated, and a 17th Identify of one bot still closes with 4008", async () => {
      expect((await runStorm("short")).problems).toEqual([]);
    }, 180_000);
  } else {
    it("say what they need when run without PostgreSQL and Redis", async () => {
      for (const run of [runJitter, runStorm])
        await expect(run("short")).rejects.toThrow(/CAMPAIGN_DATABASE_URL and CAMPAIGN_REDIS_URL/);
    });
  }
});
