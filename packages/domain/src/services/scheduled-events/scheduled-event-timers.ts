import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { removeEventCovers } from "./app-covers";
import { nextOccurrence, type Recurrence } from "./recurrence";
import { channelEmpty, EventEntity, type EventRow, EventStatus, emitForEvent, eventWire } from "./scheduled-event-rows";

const HOUR_MS = 60 * 60 * 1000;
/** Spec: Limits: a voice-channel event not started within 12 hours is cancelled; it ends after 5 empty minutes. */
export const VOICE_EVENT_START_GRACE_MS = 12 * HOUR_MS;
export const VOICE_EVENT_EMPTY_MS = 5 * 60 * 1000;

/**
 * Housekeeping: the timed rows of the state table. Every change is a conditional update
 * on the state read, and is announced only by the node whose update won.
 */
export async function tickScheduledEvents(ctx: DomainContext): Promise<void> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const { Scheduled, Active, Completed, Canceled } = EventStatus;

  // Pre-start voice-channel events not started within 12 hours of their start: cancelled.
  const unstarted = await db.scheduledEvent.findMany({
    where: {
      status: Scheduled,
      entityType: EventEntity.Voice,
      scheduledStartTime: { lte: new Date(now.getTime() - VOICE_EVENT_START_GRACE_MS) },
    },
  });
  for (const row of unstarted) await transition(ctx, row, { status: Canceled });

  // Somewhere-else events start at their start time…
  const starting = await db.scheduledEvent.findMany({
    where: { status: Scheduled, entityType: EventEntity.External, scheduledStartTime: { lte: now } },
  });
  for (const row of starting) await transition(ctx, row, { status: Active });

  // …and end at their end time.
  const ending = await db.scheduledEvent.findMany({
    where: { status: Active, entityType: EventEntity.External, scheduledEndTime: { lte: now } },
  });
  for (const row of ending) await transition(ctx, row, { status: Completed });

  // Active voice-channel events end once their channel has been empty for 5 minutes.
  const live = await db.scheduledEvent.findMany({ where: { status: Active, entityType: EventEntity.Voice } });
  for (const row of live) await watchChannel(ctx, row, now);

  // Voice-channel events whose channel was deleted have nowhere to happen.
  const orphaned = await db.scheduledEvent.findMany({ where: { entityType: EventEntity.Voice, channelId: null } });
  for (const row of orphaned) await remove(ctx, row);

  // Ended or cancelled: deleted, or moved to the next occurrence when repeating.
  const finished = await db.scheduledEvent.findMany({ where: { status: { in: [Completed, Canceled] } } });
  for (const row of finished) {
    const rule = row.recurrenceRule as Recurrence | null;
    if (!rule) {
      await remove(ctx, row);
      continue;
    }
    const start = nextOccurrence(rule, row.scheduledStartTime, now);
    const end = row.scheduledEndTime
      ? new Date(start.getTime() + (row.scheduledEndTime.getTime() - row.scheduledStartTime.getTime()))
      : null;
    await transition(ctx, row, {
      status: Scheduled,
      scheduledStartTime: start,
      scheduledEndTime: end,
      emptySince: null,
    });
  }
}

/** Notes when an active voice-channel event's channel became empty, and ends it after 5 empty minutes. */
async function watchChannel(ctx: DomainContext, row: EventRow, now: Date): Promise<void> {
  if (row.channelId === null) return;
  const empty = await channelEmpty(ctx, row.channelId);
  const db = ctx.db;
  if (!empty) {
    if (row.emptySince)
      await db.scheduledEvent.updateMany({
        where: { id: row.id, status: EventStatus.Active },
        data: { emptySince: null },
      });
    return;
  }
  if (!row.emptySince) {
    await db.scheduledEvent.updateMany({
      where: { id: row.id, status: EventStatus.Active, emptySince: null },
      data: { emptySince: now },
    });
    return;
  }
  if (now.getTime() - row.emptySince.getTime() >= VOICE_EVENT_EMPTY_MS) {
    await transition(ctx, row, { status: EventStatus.Completed }, { emptySince: row.emptySince });
  }
}

/** A conditional change from the state read; GUILD_SCHEDULED_EVENT_UPDATE when this node's change won. */
async function transition(
  ctx: DomainContext,
  row: EventRow,
  data: { status: number; scheduledStartTime?: Date; scheduledEndTime?: Date | null; emptySince?: Date | null },
  also: { emptySince?: Date } = {},
): Promise<void> {
  const { count } = await ctx.db.scheduledEvent.updateMany({
    where: { id: row.id, status: row.status, scheduledStartTime: row.scheduledStartTime, ...also },
    data,
  });
  if (count !== 1) return;
  const updated = await ctx.db.scheduledEvent.findUnique({ where: { id: row.id } });
  if (updated)
    await emitForEvent(ctx, updated, {
      t: GatewayDispatchEvents.GuildScheduledEventUpdate,
      d: await eventWire(ctx, updated),
    });
}

/** Deletes a finished or orphaned event; GUILD_SCHEDULED_EVENT_DELETE when this node's delete won. */
async function remove(ctx: DomainContext, row: EventRow): Promise<void> {
  const wire = await eventWire(ctx, row);
  const count = await ctx.db.$transaction(async (tx) => {
    const deleted = await tx.scheduledEvent.deleteMany({
      where: { id: row.id, status: row.status, scheduledStartTime: row.scheduledStartTime },
    });
    if (deleted.count === 1) await removeEventCovers(tx, row.id);
    return deleted.count;
  });
  if (count === 1) await emitForEvent(ctx, row, { t: GatewayDispatchEvents.GuildScheduledEventDelete, d: wire });
}
