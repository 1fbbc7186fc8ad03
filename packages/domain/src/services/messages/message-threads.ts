import { hotQuery, hotQueryable } from "@chat/db";
import type { APIChannel } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { serializeChannel } from "../../serializers";
import { channelInclude } from "../shared/selects";

/** Threads started from messages, by the starter message's id: a message's `thread` (and its HAS_THREAD flag). */
export type StarterThreads = Map<bigint, APIChannel>;

/**
 * The threads started from these messages or from the messages they reply to (shown nested),
 * in one query for a whole page. DM messages start no threads. Most pages start none: a
 * message whose row said so (`startsThread` false) is not asked about; for the rest a fixed
 * statement on the driver asks which did, and only those threads are loaded whole.
 */
export async function loadStarterThreads(
  ctx: DomainContext,
  messages: { id: bigint; guildId: bigint | null; referenceMessageId: bigint | null; startsThread?: boolean }[],
): Promise<StarterThreads> {
  const known: bigint[] = [];
  const unknown = new Set<bigint>();
  for (const message of messages) {
    if (message.guildId === null) continue;
    if (message.startsThread) known.push(message.id);
    else if (message.startsThread === undefined) unknown.add(message.id);
    if (message.referenceMessageId) unknown.add(message.referenceMessageId);
  }
  let starters = [...known, ...unknown];
  if (unknown.size > 0 && hotQueryable(ctx.db)) {
    const rows = await hotQuery<{ starterMessageId: bigint }>(ctx.db, STARTED_FROM, [`{${[...unknown].join(",")}}`]);
    starters = [...known, ...rows.map((row) => row.starterMessageId)];
  }
  if (starters.length === 0) return new Map();
  const threads = await ctx.db.channel.findMany({
    where: { starterMessageId: { in: starters } },
    include: channelInclude,
  });
  return new Map(threads.map((thread) => [thread.starterMessageId as bigint, serializeChannel(thread, ctx.urls)]));
}

const STARTED_FROM = `SELECT "starterMessageId" FROM "Channel" WHERE "starterMessageId" = ANY($1::bigint[])`;
