import { Prisma } from "@chat/db";

/*
 * A list ordered along an index that starts with the column it is filtered on (a channel's
 * messages by (channel, id), a guild's members by (guild, user)) filters that column as the
 * range `value <= column <= value`, never `column = value`, and names it first in ORDER BY.
 * PostgreSQL drops an ORDER BY column that an equality pins to one value, so `WHERE "channelId"
 * = $1 ORDER BY id DESC LIMIT 50` may also be served by an index on `id` alone, read backwards
 * and filtered. Under a generic plan (a prepared statement's sixth run) or stale statistics the
 * planner takes it: on 915,000 messages with the channel's all older than the rest, 335 ms that
 * skip 889,549 rows, against 0.1 ms on (channel, id). As a range the column stays in the order,
 * which only the index that starts with it gives. A cursor (`before` a message, `after` a
 * member) is compared as a row, `(channel, id) < (value, cursor)`, which only that index can
 * bound a scan with: `id < cursor` alone would let the primary key read every channel's older
 * messages. apps/server/test/rest/plans/list-plans.test.ts reads the plans, custom and generic,
 * with fresh and stale statistics.
 */

/** `value <= column <= value` for Prisma's `where`. */
export function onlyValue<T>(value: T): { gte: T; lte: T } {
  return { gte: value, lte: value };
}

/** `value <= column <= value` for raw SQL (`column` as written in the statement, e.g. `m."channelId"`). */
export function onlyValueSql(column: string, value: bigint): Prisma.Sql {
  const at = Prisma.raw(column);
  return Prisma.sql`${at} >= ${value} AND ${at} <= ${value}`;
}
