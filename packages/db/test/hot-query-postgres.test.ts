import { describe, expect, it, onTestFinished } from "vitest";
import { createPrismaClient, hotQuery } from "../src";

/** PostgreSQL gives each connection a session of its own: there the hot statements are named (prepared once per connection). */
const databaseUrl = process.env.TEST_DATABASE_URL ?? "";
if (!databaseUrl) throw new Error("hot-query-postgres.test.ts runs on PostgreSQL: set TEST_DATABASE_URL");

describe("hotQuery on PostgreSQL", () => {
  it("prepares each statement once per connection, then only binds it: the same text runs as the same named statement", async () => {
    const single = createPrismaClient(databaseUrl, 1);
    onTestFinished(() => single.$disconnect());
    const text = "SELECT $1::int + 1 AS n";
    for (const n of [1, 2, 3]) expect(await hotQuery(single, text, [n])).toEqual([{ n: n + 1 }]);
    const prepared = await hotQuery<{ statement: string; runs: bigint }>(
      single,
      "SELECT statement, generic_plans + custom_plans AS runs FROM pg_prepared_statements",
      [],
    );
    const ours = prepared.filter((p) => p.statement === text);
    expect(ours).toHaveLength(1);
    expect(ours[0]?.runs).toBe(3n);
  });
});
