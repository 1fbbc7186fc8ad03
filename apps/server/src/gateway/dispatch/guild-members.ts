import type { Db } from "@chat/db";
import { type PublicUrls, serializeMember } from "@chat/domain";
import { type PresenceStore, presencePayload } from "@chat/presence";
import { GatewayCloseCodes, GatewayDispatchEvents, type GatewayGuildMembersChunkDispatchData } from "discord-api-types/v10";
import { GatewayCloseError } from "../connection/close-codes";
import { SerializedEvent } from "../connection/payloads";
import { isFrameObject } from "../handlers/frame-fields";
import type { Session } from "../sessions/session";
import { receivesPresences } from "./intents";

export const MEMBERS_PER_CHUNK = 1000;
export const MAX_REQUESTED_USER_IDS = 100;
/** A `query` request returns at most this many members, unless it is `query: ""` with `limit: 0` (everyone). */
export const MAX_QUERY_LIMIT = 100;
const MAX_NONCE_BYTES = 32;
/** Ids are PostgreSQL BIGINTs; a larger number can name no member. */
const MAX_ID = 2n ** 63n - 1n;

/** Op 8 as understood: either a query (with its limit, 0 = everyone for the empty query) or user ids. */
export interface MemberRequest {
  guildIds: string[];
  select: { query: string; limit: number } | { userIds: string[] };
  presences: boolean;
  nonce?: string;
}

/**
 * Request Guild Members fields (spec: `guild_id` or a list, `query` and `limit`, or `user_ids`
 * up to 100; `presences`, `nonce`). A payload that is neither shape closes with 4002.
 */
export function parseMemberRequest(d: unknown): MemberRequest {
  if (!isFrameObject(d)) throw decodeError();
  const { guild_id, query, limit, user_ids, presences, nonce } = d;
  const guildIds = idList(guild_id);
  if (!guildIds || guildIds.length === 0) throw decodeError();
  const common = { guildIds: [...new Set(guildIds)], presences: presences === true, ...(validNonce(nonce) ? { nonce } : {}) };
  if (user_ids !== undefined && user_ids !== null) {
    const userIds = idList(user_ids);
    if (!userIds || userIds.length > MAX_REQUESTED_USER_IDS) throw decodeError();
    return { ...common, select: { userIds: [...new Set(userIds)] } };
  }
  if (typeof query !== "string" || typeof limit !== "number" || !Number.isInteger(limit) || limit < 0) throw decodeError();
  return { ...common, select: { query, limit } };
}

/**
 * Answers with GUILD_MEMBERS_CHUNK events (up to 1000 members each, `chunk_index` of
 * `chunk_count`) for each requested guild the session receives: guilds the bot is not in, or
 * that belong to another shard, are ignored. Presences only for holders of Guild Presences.
 */
export async function answerMemberRequest(deps: { db: Db; urls: PublicUrls; presences: PresenceStore }, session: Session, request: MemberRequest): Promise<void> {
  const withPresences = request.presences && receivesPresences(session.intents);
  for (const guildId of request.guildIds) {
    if (!session.guildIds.has(guildId)) continue;
    const { userIds, notFound } = await matchingMembers(deps.db, BigInt(guildId), request.select);
    const chunkCount = Math.max(1, Math.ceil(userIds.length / MEMBERS_PER_CHUNK));
    for (let index = 0; index < chunkCount; index++) {
      const ids = userIds.slice(index * MEMBERS_PER_CHUNK, (index + 1) * MEMBERS_PER_CHUNK);
      const rows = ids.length ? await deps.db.member.findMany({ where: { guildId: BigInt(guildId), userId: { in: ids } }, include: memberInclude, orderBy: { userId: "asc" } }) : [];
      const members = rows.map((row) => serializeMember(row, deps.urls));
      const statuses = withPresences ? await deps.presences.statuses(members.map((m) => m.user.id)) : null;
      const chunk = {
        guild_id: guildId,
        members,
        chunk_index: index,
        chunk_count: chunkCount,
        ...(notFound && index === 0 ? { not_found: notFound } : {}),
        ...(statuses ? { presences: [...statuses].map(([userId, status]) => presencePayload(userId, guildId, status)) } : {}),
        ...(request.nonce !== undefined ? { nonce: request.nonce } : {}),
      } satisfies GatewayGuildMembersChunkDispatchData;
      session.dispatch(new SerializedEvent(GatewayDispatchEvents.GuildMembersChunk, chunk));
    }
  }
}

const memberInclude = {
  user: { select: { id: true, username: true, globalName: true, discriminator: true, avatarHash: true, bot: true, system: true } },
  roles: { select: { roleId: true } },
} as const;

/** The ids of the members asked for, in id order; for `user_ids`, also the ones not found. */
async function matchingMembers(db: Db, guildId: bigint, select: MemberRequest["select"]): Promise<{ userIds: bigint[]; notFound?: string[] }> {
  if ("userIds" in select) {
    const wanted = select.userIds.filter((id) => BigInt(id) <= MAX_ID);
    const rows = await db.member.findMany({ where: { guildId, userId: { in: wanted.map((id) => BigInt(id)) } }, select: { userId: true }, orderBy: { userId: "asc" } });
    const found = new Set(rows.map((r) => r.userId.toString()));
    return { userIds: rows.map((r) => r.userId), notFound: select.userIds.filter((id) => !found.has(id)) };
  }
  const { query, limit } = select;
  const everyone = query === "" && limit === 0;
  const startsWith = { startsWith: query, mode: "insensitive" as const };
  const rows = await db.member.findMany({
    where: { guildId, ...(query ? { OR: [{ user: { username: startsWith } }, { user: { globalName: startsWith } }, { nick: startsWith }] } : {}) },
    select: { userId: true },
    orderBy: { userId: "asc" },
    ...(everyone ? {} : { take: Math.min(limit || MAX_QUERY_LIMIT, MAX_QUERY_LIMIT) }),
  });
  return { userIds: rows.map((r) => r.userId) };
}

/** A snowflake or a list of them (numbers accepted as the reference platform does). */
function idList(value: unknown): string[] | null {
  const list = Array.isArray(value) ? value : [value];
  const ids: string[] = [];
  for (const item of list) {
    if (typeof item === "string" && /^\d{1,20}$/.test(item)) ids.push(item);
    else if (typeof item === "number" && Number.isSafeInteger(item) && item >= 0) ids.push(String(item));
    else return null;
  }
  return ids;
}

function validNonce(nonce: unknown): nonce is string {
  return typeof nonce === "string" && Buffer.byteLength(nonce) <= MAX_NONCE_BYTES;
}

function decodeError(): GatewayCloseError {
  return new GatewayCloseError(GatewayCloseCodes.DecodeError, "Invalid Request Guild Members payload.");
}
