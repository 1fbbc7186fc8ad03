import type { DispatchEvent } from "@chat/events";
import type { GatewayDispatchEvents } from "discord-api-types/v10";
import type { ScheduledEventModel } from "@chat/db";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { serializeScheduledEvent, type UserRow } from "../../serializers";
import { userSelect } from "../shared/selects";

/** A scheduled event's row: one per series (a repeating event moves to its next occurrence). */
export type EventRow = ScheduledEventModel;

export const EventStatus = { Scheduled: 1, Active: 2, Completed: 3, Canceled: 4 } as const;
export const EventEntity = { Voice: 2, External: 3 } as const;

/** The event object, with its creator. */
export async function eventWire(ctx: DomainContext, row: EventRow, extras: { userCount?: number } = {}) {
  const creator = await ctx.db.user.findUnique({ where: { id: row.creatorId }, select: userSelect });
  return serializeScheduledEvent(row, creator, ctx.urls, extras);
}

/** The creators of several events, by id. */
export async function eventCreators(ctx: DomainContext, rows: EventRow[]): Promise<Map<bigint, UserRow>> {
  const ids = [...new Set(rows.map((r) => r.creatorId))];
  if (ids.length === 0) return new Map();
  const users = await ctx.db.user.findMany({ where: { id: { in: ids } }, select: userSelect });
  return new Map(users.map((u) => [u.id, u]));
}

/** How many users are interested in each event, by event id. */
export async function eventUserCounts(ctx: DomainContext, eventIds: bigint[]): Promise<Map<bigint, number>> {
  if (eventIds.length === 0) return new Map();
  const groups = await ctx.db.scheduledEventUser.groupBy({
    by: ["eventId"],
    where: { eventId: { in: eventIds } },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.eventId, g._count._all]));
}

/** GUILD_SCHEDULED_EVENT_USER_ADD / _REMOVE. */
export function interestPayload(row: EventRow, userId: bigint) {
  return { guild_scheduled_event_id: row.id.toString(), user_id: userId.toString(), guild_id: row.guildId.toString() };
}

type ScheduledEventDispatch =
  | GatewayDispatchEvents.GuildScheduledEventCreate
  | GatewayDispatchEvents.GuildScheduledEventUpdate
  | GatewayDispatchEvents.GuildScheduledEventDelete
  | GatewayDispatchEvents.GuildScheduledEventUserAdd
  | GatewayDispatchEvents.GuildScheduledEventUserRemove;

/** Guild-scoped; a voice-channel event's only to those who can view its channel. */
export async function emitForEvent(
  ctx: DomainContext,
  row: EventRow,
  event: DispatchEvent<ScheduledEventDispatch>,
): Promise<void> {
  const channelId =
    row.entityType === EventEntity.Voice && row.channelId !== null ? row.channelId.toString() : undefined;
  await emit(ctx, { ...event, guildId: row.guildId.toString(), ...(channelId ? { channelId } : {}) });
}

/** Whether nobody is in a voice channel. */
export async function channelEmpty(ctx: DomainContext, channelId: bigint): Promise<boolean> {
  return (await ctx.db.voiceState.count({ where: { channelId } })) === 0;
}
