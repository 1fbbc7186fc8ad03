import { presencePayload } from "@chat/presence";
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  type GatewayGuildMembersChunkDispatchData,
} from "discord-api-types/v10";
import { GatewayCloseError } from "../connection/close-codes";
import { SerializedEvent } from "../connection/payloads";
import { isFrameObject } from "../handlers/frame-fields";
import type { MemberRequestServices } from "../services";
import type { Session } from "../sessions/session";
import { receivesPresences } from "./intents";

export const MEMBERS_PER_CHUNK = 1000;
export const MAX_REQUESTED_USER_IDS = 100;
const MAX_NONCE_BYTES = 32;

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
  const common = {
    guildIds: [...new Set(guildIds)],
    presences: presences === true,
    ...(validNonce(nonce) ? { nonce } : {}),
  };
  if (user_ids !== undefined && user_ids !== null) {
    const userIds = idList(user_ids);
    if (!userIds || userIds.length > MAX_REQUESTED_USER_IDS) throw decodeError();
    return { ...common, select: { userIds: [...new Set(userIds)] } };
  }
  if (typeof query !== "string" || typeof limit !== "number" || !Number.isInteger(limit) || limit < 0)
    throw decodeError();
  return { ...common, select: { query, limit } };
}

/**
 * Answers with GUILD_MEMBERS_CHUNK events (up to 1000 members each, `chunk_index` of
 * `chunk_count`) for each requested guild the session receives: guilds the bot is not in, or
 * that belong to another shard, are ignored. Presences only for holders of Guild Presences.
 */
export async function answerMemberRequest(
  services: MemberRequestServices,
  session: Session,
  request: MemberRequest,
): Promise<void> {
  const withPresences = request.presences && receivesPresences(session.intents);
  for (const guildId of request.guildIds) {
    if (!session.guildIds.has(guildId)) continue;
    const { userIds, notFound } = await services.members.gatewayRequestIds(BigInt(guildId), request.select);
    const chunkCount = Math.max(1, Math.ceil(userIds.length / MEMBERS_PER_CHUNK));
    for (let index = 0; index < chunkCount; index++) {
      const ids = userIds.slice(index * MEMBERS_PER_CHUNK, (index + 1) * MEMBERS_PER_CHUNK);
      const members = await services.members.gatewayRequestMembers(BigInt(guildId), ids);
      const statuses = withPresences ? await services.presences.statuses(members.map((m) => m.user.id)) : null;
      const chunk = {
        guild_id: guildId,
        members,
        chunk_index: index,
        chunk_count: chunkCount,
        ...(notFound && index === 0 ? { not_found: notFound } : {}),
        ...(statuses
          ? { presences: [...statuses].map(([userId, status]) => presencePayload(userId, guildId, status)) }
          : {}),
        ...(request.nonce !== undefined ? { nonce: request.nonce } : {}),
      } satisfies GatewayGuildMembersChunkDispatchData;
      session.dispatch(new SerializedEvent(GatewayDispatchEvents.GuildMembersChunk, chunk));
    }
  }
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
