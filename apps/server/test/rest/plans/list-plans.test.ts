import { createPrismaClient, type Db, type SentQuery } from "@chat/db";
import { createDomain, type HistoryQuery, loadHistoryRows, systemClock } from "@chat/domain";
import { LocalBus } from "@chat/events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { EMOJI, type ListedIds, seedSkewedTables, TARGET_MESSAGES, TARGET_THREADS } from "./skewed-tables";

/**
 * Every hot list reads the index that starts with the column it is filtered on, whatever the
 * planner knows: the statements the domain really sends are planned by PREPARE and EXPLAIN
 * EXECUTE under custom and generic plans (`plan_cache_mode`; a prepared statement goes generic
 * after five runs), first with stale statistics (taken before the rows came; autovacuum off)
 * and then with fresh ones. The tables are skewed the way that misled the planner: one channel,
 * guild or parent holds 80% of the rows, and the listed one's rows are all older (a primary key
 * read backwards passes everyone else's first) or, for members, all newer.
 * packages/domain/src/services/shared/index-order.ts says how the statements are written.
 */
const PREPARED = "list_plan";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** Whether a Sort stands between a scan of `table` and the nearest Limit above it (the scan is read whole). */
function sortsBeforeLimit(plan: PlanNode, table: string, sorted = false): boolean {
  if (plan["Relation Name"] === table) return sorted;
  const type = plan["Node Type"];
  const below = type === "Limit" ? false : sorted || type === "Sort" || type === "Incremental Sort";
  return (plan.Plans ?? []).some((child) => sortsBeforeLimit(child, table, below));
}

/** How a plan reads `table`: each scan's index (or its node type when it reads none) and the index's condition. */
function readsOf(plan: PlanNode, table: string): { index: string; cond: string }[] {
  return nodes(plan)
    .filter((node) => node["Relation Name"] === table)
    .flatMap((node) => {
      if (node["Node Type"] === "Bitmap Heap Scan")
        return nodes(node)
          .filter((child) => child["Node Type"] === "Bitmap Index Scan")
          .map((child) => ({ index: child["Index Name"] ?? "", cond: child["Index Cond"] ?? "" }));
      return [{ index: node["Index Name"] ?? node["Node Type"], cond: node["Index Cond"] ?? "" }];
    });
}

/** A list as the domain reads it, and the index it must read its table with. */
interface HotList {
  name: string;
  table: string;
  /** The column the list is filtered on, leading `index`. */
  key: string;
  /** The index the table is read with (or any of them). */
  index: string | string[];
  /**
   * The index gives the order: no Sort between the scan and the LIMIT that stops it (a sort of
   * the page's own rows above it is free). Lists ordered on a column no index leads with sort
   * their few rows.
   */
  ordered: boolean;
  rows: number;
  read(domain: ReturnType<typeof createDomain>, db: Db): Promise<unknown[]>;
}

describe("hot lists read the index that starts with their owner's column, under any plan and statistics", () => {
  const s = useTestServer();
  const sent: SentQuery[] = [];
  let logged: Db;
  let domain: ReturnType<typeof createDomain>;
  let explainer: pg.Client;
  let ids: ListedIds;

  beforeAll(async () => {
    ids = await seedSkewedTables(s.t.server.ctx.database.prisma, s.world);
    const url = s.t.server.ctx.database.url;
    logged = createPrismaClient(url, 2, (query) => sent.push(query), { embedded: !process.env.TEST_DATABASE_URL });
    domain = createDomain({
      db: logged,
      bus: new LocalBus(),
      urls: s.t.server.ctx.urls,
      clock: systemClock,
      attachmentSigningKey: "plans",
    });
    explainer = new pg.Client({ connectionString: url });
    await explainer.connect();
  }, 300_000);
  afterAll(async () => {
    await explainer?.end();
    await logged?.$disconnect();
  });

  const history = (name: string, query: () => HistoryQuery): HotList => ({
    name: `history, ${name}`,
    table: "Message",
    key: "channelId",
    index: "Message_channelId_id_idx",
    ordered: true,
    rows: 50,
    read: (_, db) => loadHistoryRows(db, ids.channel, query()),
  });
  const lists: HotList[] = [
    history("the latest page", () => ({ limit: 50 })),
    history("before a message", () => ({ limit: 50, before: ids.middle })),
    history("after a message", () => ({ limit: 50, after: ids.middle })),
    history("around a message", () => ({ limit: 50, around: ids.middle })),
    {
      name: "members",
      table: "Member",
      key: "guildId",
      index: "Member_pkey",
      ordered: true,
      rows: 100,
      read: (domain) => domain.members.list(ids.guild, ids.owner, { limit: "100" }),
    },
    {
      name: "members after a member",
      table: "Member",
      key: "guildId",
      index: "Member_pkey",
      ordered: true,
      rows: 100,
      read: (domain) => domain.members.list(ids.guild, ids.owner, { limit: "100", after: ids.member.toString() }),
    },
    {
      // Filtered on names too: the planner may join the people first and sort the few found.
      name: "members by name",
      table: "Member",
      key: "guildId",
      index: "Member_pkey",
      ordered: false,
      rows: 100,
      read: (domain) => domain.members.search(ids.guild, ids.owner, { query: "plan", limit: "100" }),
    },
    {
      name: "members asked for over the gateway (op 8, a limit)",
      table: "Member",
      key: "guildId",
      index: "Member_pkey",
      ordered: true,
      rows: 100,
      read: async (domain) => (await domain.members.gatewayRequestIds(ids.guild, { query: "", limit: 100 })).userIds,
    },
    {
      name: "the audit log",
      table: "AuditLogEntry",
      key: "guildId",
      index: "AuditLogEntry_guildId_id_idx",
      ordered: true,
      rows: 50,
      read: async (domain) => (await domain.auditLog.list(ids.guild, ids.owner, {})).entries,
    },
    {
      // A channel's pins, sorted by when they were pinned (few); with stale statistics the
      // planner may find them through the channel's history index instead, bounded all the same.
      name: "pins",
      table: "Message",
      key: "channelId",
      index: ["Message_pinned_channelId_pinnedAt_idx", "Message_channelId_id_idx"],
      ordered: false,
      rows: TARGET_MESSAGES / 100,
      read: async (domain) => (await domain.pins.page(ids.channel, ids.owner, {})).items,
    },
    {
      // One message's reactions with one emoji: the planner may join the people first and sort them.
      name: "who reacted",
      table: "Reaction",
      key: "messageId",
      index: "Reaction_pkey",
      ordered: false,
      rows: 100,
      read: (domain) => domain.reactions.users(ids.channel, ids.message, EMOJI, ids.owner, { limit: "100" }),
    },
    {
      name: "archived threads",
      table: "Channel",
      key: "parentId",
      index: "Channel_parentId_idx",
      ordered: false,
      rows: TARGET_THREADS,
      read: async (domain) => (await domain.threads.archivedPublic(ids.channel, ids.owner)).threads,
    },
  ];

  /** The list's statements (those on its table that filter on its key and order), as one read of the list sent them. */
  async function statementsOf(list: HotList): Promise<SentQuery[]> {
    sent.length = 0;
    expect(await list.read(domain, logged)).toHaveLength(list.rows);
    const table = new RegExp(`FROM "(?:public"\\.")?${list.table}"`);
    const filtered = new RegExp(`WHERE[\\s\\S]*"${list.key}"`);
    const statements = sent.filter(
      ({ query }) => table.test(query) && filtered.test(query) && query.includes("ORDER BY"),
    );
    expect(statements.length).toBeGreaterThan(0);
    return statements;
  }

  /** The plan PostgreSQL makes for a sent statement as a prepared statement, custom or generic. */
  async function planOf(statement: SentQuery, mode: "custom" | "generic"): Promise<PlanNode> {
    await explainer.query(`SET plan_cache_mode = force_${mode}_plan`);
    await explainer.query(`PREPARE ${PREPARED} AS ${statement.query}`);
    try {
      const values = JSON.parse(statement.params) as unknown[];
      const literal = (value: unknown) =>
        value === null ? "NULL" : explainer.escapeLiteral(typeof value === "string" ? value : JSON.stringify(value));
      const args = values.length > 0 ? `(${values.map(literal).join(", ")})` : "";
      const { rows } = await explainer.query(`EXPLAIN (FORMAT JSON) EXECUTE ${PREPARED}${args}`);
      return rows[0]["QUERY PLAN"][0].Plan as PlanNode;
    } finally {
      await explainer.query(`DEALLOCATE ${PREPARED}`);
    }
  }

  for (const statistics of ["stale", "fresh"] as const) {
    describe(`with ${statistics} statistics`, () => {
      if (statistics === "fresh") beforeAll(() => s.t.server.ctx.database.prisma.$executeRawUnsafe("ANALYZE"), 120_000);
      for (const list of lists) {
        it(`${list.name}: ${[list.index].flat().join(" or ")} with a condition on ${list.key}, custom and generic plans`, async () => {
          for (const statement of await statementsOf(list)) {
            for (const mode of ["custom", "generic"] as const) {
              const plan = await planOf(statement, mode);
              console.log(
                list.name,
                mode,
                statement.query,
                statement.params,
                JSON.stringify(plan, [
                  "Node Type",
                  "Index Name",
                  "Index Cond",
                  "Filter",
                  "Relation Name",
                  "Plans",
                  "Plan Rows",
                  "Sort Key",
                ]),
              );
              const reads = readsOf(plan, list.table);
              expect(reads.length, `${mode}: ${JSON.stringify(plan)}`).toBeGreaterThan(0);
              for (const read of reads) {
                expect([list.index].flat(), `${mode} plan`).toContain(read.index);
                expect(read.cond, `${mode} plan`).toContain(`"${list.key}"`);
              }
              if (list.ordered) expect(sortsBeforeLimit(plan, list.table), `${mode} plan sorts the scan`).toBe(false);
            }
          }
        });
      }
    });
  }
});
