import type { Db } from "@chat/db";
import type { z } from "zod";
import type { zMessageQuery } from "../../validation";
import { messageInclude } from "../shared/selects";

export type HistoryQuery = z.output<typeof zMessageQuery>;

/**
 * The rows of one page of a channel's history, newest first, for every page variant (latest,
 * `before`, `after`, `around`): each one statement on "Message" that PostgreSQL answers with a
 * range of the `(channel_id, id)` index (history-plans.test.ts reads the plans).
 */
export async function loadHistoryRows(db: Db, channelId: bigint, q: HistoryQuery) {
  const page = (id: { lt?: bigint; gt?: bigint; gte?: bigint } | undefined, direction: "asc" | "desc", take: number) =>
    db.message.findMany({
      where: { channelId, ...(id ? { id } : {}) },
      orderBy: { id: direction },
      take,
      include: messageInclude,
    });
  if (q.around !== undefined) {
    const half = Math.floor(q.limit / 2);
    const [newer, older] = await Promise.all([page({ gte: q.around }, "asc", q.limit - half), page({ lt: q.around }, "desc", half)]);
    return [...newer.reverse(), ...older];
  }
  if (q.after !== undefined) return (await page({ gt: q.after }, "asc", q.limit)).reverse();
  return page(q.before !== undefined ? { lt: q.before } : undefined, "desc", q.limit);
}
