import { createPrismaClient, type Db, type SentQuery } from "@chat/db";
import { createDomain, type HistoryQuery, loadHistoryRows, systemClock } from "@chat/domain";
import { LocalBus } from "@chat/events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";

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
const MESSAGES = 100_000;
const TARGET_MESSAGES = 2_000;
const USERS = 20_000;
const TARGET_MEMBERS = 2_000;
const AUDIT_ENTRIES = 60_000;
const TARGET_AUDIT_ENTRIES = 2_000;
const THREADS = 8_000;
const TARGET_THREADS = 200;
const REACTIONS = 30_000;
const TARGET_REACTIONS = 1_000;
const EMOJI = "👍";
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
  let ids: { channel: bigint; guild: bigint; owner: bigint; message: bigint; middle: bigint; member: bigint };

  beforeAll(async () => {
    const db = s.t.server.ctx.database.prisma;
    const { world } = s;
    const sql = (text: string, ...values: unknown[]) => db.$executeRawUnsafe(text, ...values);
    const channel = BigInt(world.text.id);
    const guild = world.guild.id;
    const owner = world.owner.id;
    const tables = ["Message", "Member", "User", "AuditLogEntry", "Channel", "Reaction"];
    for (const table of tables) await sql(`ALTER TABLE "${table}" SET (autovacuum_enabled = false)`);
    // Ids for the listed channel's messages and guild's audit log, older than everyone else's
    // (taken from the shared sequence now, their rows written after the statistics below).
    const reserve = async (count: number) => {
      const [{ first }] = await db.$queryRawUnsafe<{ first: bigint }[]>(
        `SELECT setval('global_id_seq', nextval('global_id_seq') + $1::int) - $1::int + 1 AS first`,
        count,
      );
      return first;
    };
    const oldMessages = await reserve(TARGET_MESSAGES);
    const oldEntries = await reserve(TARGET_AUDIT_ENTRIES);

    // Everyone else's rows: a busy guild and channel with 80%, eight quiet channels.
    const [{ id: busyGuild }] = await db.$queryRawUnsafe<{ id: bigint }[]>(
      `INSERT INTO "Guild" (name, "ownerId") VALUES ('busy', $1) RETURNING id`,
      owner,
    );
    const [{ id: busyChannel }] = await db.$queryRawUnsafe<{ id: bigint }[]>(
      `INSERT INTO "Channel" (type, "guildId", name) VALUES (0, $1, 'busy') RETURNING id`,
      guild,
    );
    await sql(
      `INSERT INTO "Channel" (type, "guildId", name) SELECT 0, $1::bigint, 'quiet-' || g FROM generate_series(0, 7) g`,
      guild,
    );
    /** Messages of `count` rows of `series` (g: 1…count, id: the row's id), every `pinEvery`th pinned. */
    const messages = (channelSql: string, series: string, count: number, pinEvery: number, ...values: unknown[]) =>
      sql(
        `INSERT INTO "Message" (id, "channelId", "guildId", "authorId", content, pinned, "pinnedAt")
         SELECT id, ${channelSql}, $1::bigint, $2::bigint, 'message', g % $4::int = 0, CASE WHEN g % $4::int = 0 THEN now() END
         FROM ${series}`,
        guild,
        owner,
        count,
        pinEvery,
        ...values,
      );
    const newIds = "(SELECT nextval('global_id_seq') AS id, n AS g FROM generate_series(1, $3::int) n) s";
    const rest = MESSAGES - TARGET_MESSAGES;
    await messages("$5::bigint", newIds, (rest * 4) / 5, 4, busyChannel);
    await messages(
      "q.qid",
      `${newIds} JOIN (SELECT id AS qid, row_number() OVER (ORDER BY id) - 1 AS k FROM "Channel" WHERE name LIKE 'quiet-%') q ON q.k = s.g % 8`,
      rest / 5,
      rest,
    );
    // Users: the busy guild's members first, the listed guild's the newest.
    await sql(
      `INSERT INTO "User" (username) SELECT 'plan' || g || '_' || $1::text FROM generate_series(1, $2::int) g`,
      channel.toString(),
      USERS,
    );
    const planUsers = `(SELECT id, row_number() OVER (ORDER BY id) AS rank FROM "User" WHERE username LIKE 'plan%') u`;
    await sql(
      `INSERT INTO "Member" ("guildId", "userId") SELECT $1::bigint, id FROM ${planUsers} WHERE rank <= $2::int`,
      busyGuild,
      USERS - TARGET_MEMBERS,
    );
    await sql(
      `INSERT INTO "AuditLogEntry" ("guildId", "userId", "actionType") SELECT $1::bigint, $2::bigint, 10 FROM generate_series(1, $3::int)`,
      busyGuild,
      owner,
      AUDIT_ENTRIES - TARGET_AUDIT_ENTRIES,
    );
    const threads = (parent: bigint, count: number) =>
      sql(
        `INSERT INTO "Channel" (type, "guildId", name, "parentId", archived, "archivedAt")
         SELECT 11, $1::bigint, 'thread ' || g, $2::bigint, true, now() FROM generate_series(1, $3::int) g`,
        guild,
        parent,
        count,
      );
    await threads(busyChannel, THREADS - TARGET_THREADS);
    const reactions = (messageSql: string, ranks: string, ...values: unknown[]) =>
      sql(
        `INSERT INTO "Reaction" ("messageId", "userId", "emojiKey", "emojiName")
         SELECT ${messageSql}, id, $1, $1 FROM ${planUsers} WHERE ${ranks}`,
        EMOJI,
        ...values,
      );
    await reactions(`(SELECT max(id) FROM "Message") - rank % 500`, "rank <= $2::int", REACTIONS - TARGET_REACTIONS);

    // The statistics the stale half plans with: taken before the listed owners' rows came.
    await sql("ANALYZE");
    await messages(
      "$5::bigint",
      "(SELECT $6::bigint + n - 1 AS id, n AS g FROM generate_series(1, $3::int) n) s",
      TARGET_MESSAGES,
      100,
      channel,
      oldMessages,
    );
    await sql(
      `INSERT INTO "AuditLogEntry" (id, "guildId", "userId", "actionType")
       SELECT $1::bigint + n - 1, $2::bigint, $3::bigint, 10 FROM generate_series(1, $4::int) n`,
      oldEntries,
      guild,
      owner,
      TARGET_AUDIT_ENTRIES,
    );
    await sql(
      `INSERT INTO "Member" ("guildId", "userId") SELECT $1::bigint, id FROM ${planUsers} WHERE rank > $2::int`,
      guild,
      USERS - TARGET_MEMBERS,
    );
    await threads(channel, TARGET_THREADS);
    const [{ id: message }] = await db.$queryRawUnsafe<{ id: bigint }[]>(
      `SELECT max(id) AS id FROM "Message" WHERE "channelId" = $1`,
      channel,
    );
    await reactions("$2::bigint", "rank <= $3::int", message, TARGET_REACTIONS);

    const history = await db.message.findMany({
      where: { channelId: channel },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    const members = await db.member.findMany({
      where: { guildId: guild },
      select: { userId: true },
      orderBy: { userId: "asc" },
    });
    ids = {
      channel,
      guild,
      owner,
      message,
      middle: history[TARGET_MESSAGES / 2]?.id as bigint,
      member: members[Math.floor(members.length / 2)]?.userId as bigint,
    };
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
