import { createPrismaClient, type Db, type SentQuery } from "@chat/db";
import { type HistoryQuery, loadHistoryRows } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";

/**
 * Every page variant of a channel's history reads the `(channel_id, id)` index as a range
 * (spec: GET /channels/{id}/messages with `before`, `after`, `around` or none), in a database
 * where other channels hold far more rows: the plan PostgreSQL chooses for the statement the
 * domain really sends is read with EXPLAIN.
 */
/** The channel's rows; 49 times as many belong to a busier channel of the guild. */
const CHANNEL_ROWS = 400;
const HISTORY_INDEX = "Message_channelId_id_idx";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

function nodesOn(plan: PlanNode, relation: string): PlanNode[] {
  const own = plan["Relation Name"] === relation ? [plan] : [];
  return [...own, ...(plan.Plans ?? []).flatMap((child) => nodesOn(child, relation))];
}

describe("history pages read the (channel_id, id) index as a range", () => {
  const s = useTestServer();
  const sent: SentQuery[] = [];
  let logged: Db;
  let channelId: bigint;
  let ids: bigint[];

  beforeAll(async () => {
    const db = s.t.server.ctx.database.prisma;
    const { world } = s;
    channelId = BigInt(world.text.id);
    const other = await s.t.server.ctx.domain.channels.create(world.guild.id, world.owner.id, {
      name: "busy",
      type: 0,
    });
    // Interleaved, as real channels are: every 50th row is the channel's, spread across the primary key.
    await db.$executeRawUnsafe(
      `INSERT INTO "Message" ("channelId", "guildId", "authorId", "content")
       SELECT CASE WHEN g % 50 = 0 THEN $1::bigint ELSE $2::bigint END, $3::bigint, $4::bigint, 'message ' || g FROM generate_series(1, $5::int) g`,
      channelId,
      BigInt((other as { id: string }).id),
      world.guild.id,
      world.owner.id,
      CHANNEL_ROWS * 50,
    );
    await db.$executeRawUnsafe('ANALYZE "Message"');
    ids = (await db.message.findMany({ where: { channelId }, select: { id: true }, orderBy: { id: "asc" } })).map(
      (m) => m.id,
    );
    logged = createPrismaClient(s.t.server.ctx.database.url, 2, (query) => sent.push(query));
  }, 120_000);
  afterAll(() => logged?.$disconnect());

  /** The plans of the statements on "Message" that one page sends (one, or two for `around`). */
  async function plansOf(q: HistoryQuery): Promise<PlanNode[]> {
    sent.length = 0;
    const rows = await loadHistoryRows(logged, channelId, q);
    expect(rows.length).toBe(q.limit);
    const pages = sent.filter((s) => /FROM "(?:public"\.")?Message"/.test(s.query) && /ORDER BY/.test(s.query));
    expect(pages.length).toBe(q.around !== undefined ? 2 : 1);
    const plans: PlanNode[] = [];
    for (const page of pages) {
      const [explained] = await logged.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(
        `EXPLAIN (FORMAT JSON) ${page.query}`,
        ...(JSON.parse(page.params) as unknown[]),
      );
      plans.push(explained?.["QUERY PLAN"][0].Plan as PlanNode);
    }
    return plans;
  }

  const middle = () => ids[CHANNEL_ROWS / 2] as bigint;
  const variants: [string, () => HistoryQuery][] = [
    ["the latest page (no cursor)", () => ({ limit: 50 })],
    ["before a message", () => ({ limit: 50, before: middle() })],
    ["after a message", () => ({ limit: 50, after: middle() })],
    ["around a message", () => ({ limit: 50, around: middle() })],
  ];

  for (const [name, query] of variants) {
    it(`${name}: an index range scan on (channel_id, id), never the primary key or a full scan`, async () => {
      for (const plan of await plansOf(query())) {
        const scans = nodesOn(plan, "Message");
        expect(scans.length).toBe(1);
        expect(scans[0]).toMatchObject({ "Index Name": HISTORY_INDEX });
        expect(scans[0]?.["Node Type"]).toMatch(/^Index (Only )?Scan$/);
        expect(scans[0]?.["Index Cond"]).toContain('"channelId"');
      }
    });
  }
});
