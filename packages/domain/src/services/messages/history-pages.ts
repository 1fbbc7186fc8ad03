import { type Db, Prisma } from "@chat/db";
import type { z } from "zod";
import type { zMessageQuery } from "../../validation";
import { onlyValueSql } from "../shared/index-order";
import { selectMessageRows } from "./message-rows";
import type { MessageRecord } from "./messages";

export type HistoryQuery = z.output<typeof zMessageQuery>;

/**
 * The rows of one page of a channel's history, newest first, for every page variant (latest,
 * `before`, `after`, `around`): each one statement (authors, attachments and reactions
 * included) that PostgreSQL can only answer with a range of the `(channel_id, id)` index, the
 * channel filtered as a range and first in the order (shared/index-order.ts says why).
 */
export async function loadHistoryRows(db: Db, channelId: bigint, q: HistoryQuery): Promise<MessageRecord[]> {
  const page = (
    id: { lt?: bigint; gt?: bigint; gte?: bigint } | undefined,
    direction: "asc" | "desc",
    take: number,
  ) => {
    // The cursor compares (channel, id) as a row: only the (channel, id) index can bound a scan
    // with it, never the primary key alone (shared/index-order.ts).
    const bound =
      id?.lt !== undefined
        ? Prisma.sql`AND (m."channelId", m.id) < (${channelId}, ${id.lt})`
        : id?.gt !== undefined
          ? Prisma.sql`AND (m."channelId", m.id) > (${channelId}, ${id.gt})`
          : id?.gte !== undefined
            ? Prisma.sql`AND (m."channelId", m.id) >= (${channelId}, ${id.gte})`
            : Prisma.empty;
    const order =
      direction === "asc"
        ? Prisma.sql`ORDER BY m."channelId" ASC, m.id ASC`
        : Prisma.sql`ORDER BY m."channelId" DESC, m.id DESC`;
    return selectMessageRows(
      db,
      Prisma.sql`${onlyValueSql('m."channelId"', channelId)} ${bound}`,
      Prisma.sql`${order} LIMIT ${take}`,
    );
  };
  if (q.around !== undefined) {
    const half = Math.floor(q.limit / 2);
    const [newer, older] = await Promise.all([
      page({ gte: q.around }, "asc", q.limit - half),
      page({ lt: q.around }, "desc", half),
    ]);
    return [...newer.reverse(), ...older];
  }
  if (q.after !== undefined) return (await page({ gt: q.after }, "asc", q.limit)).reverse();
  return page(q.before !== undefined ? { lt: q.before } : undefined, "desc", q.limit);
}
