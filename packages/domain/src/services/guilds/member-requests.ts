import type { DomainContext } from "../../context";
import { serializeMember } from "../../serializers";
import { onlyValue } from "../shared/index-order";
import { memberInclude } from "../shared/selects";

/** Ids are PostgreSQL BIGINTs; a larger number can name no member. */
const MAX_ID = 2n ** 63n - 1n;
/** A `query` request returns at most this many members, unless it is `query: ""` with `limit: 0` (everyone). */
export const MAX_MEMBER_QUERY_LIMIT = 100;

/** Which members a gateway Request Guild Members (op 8) asks for: a name prefix with a limit, or user ids. */
export type GatewayMemberSelection = { query: string; limit: number } | { userIds: string[] };

/**
 * The ids of the members asked for, in id order; for `userIds`, also the ids not found. A
 * query matches a username, display name or nickname starting with it (any case); `query: ""`
 * with `limit: 0` is everyone, any other limit is at most 100 (0: 100).
 */
export async function requestedMemberIds(
  ctx: DomainContext,
  guildId: bigint,
  select: GatewayMemberSelection,
): Promise<{ userIds: bigint[]; notFound?: string[] }> {
  if ("userIds" in select) {
    const wanted = select.userIds.filter((id) => BigInt(id) <= MAX_ID);
    const rows = await ctx.db.member.findMany({
      where: { guildId, userId: { in: wanted.map((id) => BigInt(id)) } },
      select: { userId: true },
      orderBy: { userId: "asc" },
    });
    const found = new Set(rows.map((r) => r.userId.toString()));
    return { userIds: rows.map((r) => r.userId), notFound: select.userIds.filter((id) => !found.has(id)) };
  }
  const { query, limit } = select;
  const everyone = query === "" && limit === 0;
  const startsWith = { startsWith: query, mode: "insensitive" as const };
  const rows = await ctx.db.member.findMany({
    where: {
      // The guild as a range, first in the order: only (guild, user) serves it (shared/index-order.ts).
      guildId: onlyValue(guildId),
      ...(query
        ? { OR: [{ user: { username: startsWith } }, { user: { globalName: startsWith } }, { nick: startsWith }] }
        : {}),
    },
    select: { userId: true },
    orderBy: [{ guildId: "asc" }, { userId: "asc" }],
    ...(everyone ? {} : { take: Math.min(limit || MAX_MEMBER_QUERY_LIMIT, MAX_MEMBER_QUERY_LIMIT) }),
  });
  return { userIds: rows.map((r) => r.userId) };
}

/** These members of the guild, serialized, in user id order (ids that are no member are skipped). */
export async function serializedMembers(ctx: DomainContext, guildId: bigint, userIds: bigint[]) {
  if (userIds.length === 0) return [];
  const rows = await ctx.db.member.findMany({
    where: { guildId, userId: { in: userIds } },
    include: memberInclude,
    orderBy: { userId: "asc" },
  });
  return rows.map((row) => serializeMember(row, ctx.urls));
}
