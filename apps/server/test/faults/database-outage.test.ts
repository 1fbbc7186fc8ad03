import { describe, expect, it } from "vitest";
import { runCampaign } from "../../campaigns/database";
import { storageMode } from "../support/test-server";

/**
 * The short version of `pnpm campaign database` (a server node in its own process, on a
 * PostgreSQL server of the campaign's own that it stops and starts; the embedded database
 * lives inside the node and cannot be stopped alone). Both passes run it: with Redis in the
 * PostgreSQL + Redis one, without in the other.
 */
describe(`PostgreSQL stopped for a few seconds under load (${storageMode === "postgres" && process.env.TEST_REDIS_URL ? "with" : "without"} Redis)`, () => {
  it("answers every request within a second with 503 in the spec's shape, keeps the gateway beating, recovers by itself and loses nothing answered 200", async () => {
    const report = await runCampaign("short");
    expect(report.problems).toEqual([]);
    expect(report.rows.find(([what]) => what === "requests answered during the outage")?.[1]).toMatch(/^\d+ x 503$/);
  }, 150_000);
});
