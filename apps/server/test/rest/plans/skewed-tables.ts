import type { Db } from "@chat/db";
import type { World } from "../../support/rest-fixtures";

/**
 * The skewed tables list-plans.test.ts plans on: one channel, guild or parent holds 80% of the
 * rows, and the listed one's (the world's) rows are all older (a primary key read backwards
 * passes everyone else's first) or, for members, all newer. The listed owners' rows come after
 * an ANALYZE, so the statistics are stale until the test takes them again; autovacuum is off.
 */
const MESSAGES = 100_000;
export const TARGET_MESSAGES = 2_000;
const USERS = 20_000;
const TARGET_MEMBERS = 2_000;
const AUDIT_ENTRIES = 60_000;
const TARGET_AUDIT_ENTRIES = 2_000;
const THREADS = 8_000;
export const TARGET_THREADS = 200;
const REACTIONS = 30_000;
const TARGET_REACTIONS = 1_000;
export const EMOJI = "👍";

/** The ids the lists are read with. */
export interface ListedIds {
  channel: bigint;
  guild: bigint;
  owner: bigint;
  /** The listed channel's newest message, which holds reactions. */
  message: bigint;
  /** A message in the middle of the listed channel's history. */
  middle: bigint;
  /** A member in the middle of the listed guild's. */
  member: bigint;
}

export async function seedSkewedTables(db: Db, world: World): Promise<ListedIds> {
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
  return {
    channel,
    guild,
    owner,
    message,
    middle: history[TARGET_MESSAGES / 2]?.id as bigint,
    member: members[Math.floor(members.length / 2)]?.userId as bigint,
  };
}
