import { GatewayDispatchEvents } from "discord-api-types/v10";
import { Prisma } from "@chat/db";
import type { DomainContext } from "../../context";
import { replacePicture } from "../pictures/pictures";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { Errors } from "../../errors";
import { has, Permission } from "../../permissions";
import { parseForm } from "../../validation/form";
import {
  checkEventPlan,
  decodeEventCover,
  type EventPlan,
  SCHEDULED_EVENTS_PER_GUILD_MAX,
  zScheduledEventCreate,
  zScheduledEventEdit,
} from "../../validation/scheduled-events";
import { appCoverKey, removeEventCovers, storeAppCover } from "./app-covers";
import type { Recurrence } from "./recurrence";
import { eventViewer, mayManage, placePermissions, visibleEvent, writableEvent } from "./scheduled-event-access";
import { appCoverFor, eventsForPerson } from "./scheduled-event-people";
import { eventsVisibleTo, eventUsers, getEvent, listEvents } from "./scheduled-event-reads";
import {
  channelEmpty,
  EventEntity,
  type EventRow,
  EventStatus,
  emitForEvent,
  eventWire,
  interestPayload,
} from "./scheduled-event-rows";
import { tickScheduledEvents } from "./scheduled-event-timers";

export { EventEntity, EventStatus } from "./scheduled-event-rows";

/**
 * Where a request comes from: a bot over REST (its cover is public on the CDN) or a person in
 * the app (the cover is stored encrypted and bots see `image: null`; spec: Pictures).
 */
export interface EventRequestOrigin {
  from: "bot" | "app";
}

const FROM_BOT: EventRequestOrigin = { from: "bot" };
export { VOICE_EVENT_EMPTY_MS, VOICE_EVENT_START_GRACE_MS } from "./scheduled-event-timers";

/**
 * Scheduled events (spec: Scheduled event; Endpoints > Scheduled events): CRUD, interested
 * users, recurrence and the timed rows of the state table. One row per series: a repeating
 * event moves to its next occurrence instead of being deleted, so edits apply to the series.
 * Reading is in scheduled-event-reads, who may see and change what in scheduled-event-access,
 * the timed state changes in scheduled-event-timers.
 */
export class ScheduledEventService {
  constructor(private ctx: DomainContext) {}

  // ---- reading ---------------------------------------------------------------------------

  /** GET /guilds/{guild}/scheduled-events: the events the caller can see. */
  list(guildId: bigint, userId: bigint, query: unknown) {
    return listEvents(this.ctx, guildId, userId, query);
  }

  /** GET /guilds/{guild}/scheduled-events/{event}: 10070 when gone or hidden. */
  get(guildId: bigint, eventId: bigint, userId: bigint, query: unknown = {}) {
    return getEvent(this.ctx, guildId, eventId, userId, query);
  }

  /** GET .../users: interested users in ascending id order, paged by `before` or `after`, optionally with members. */
  users(guildId: bigint, eventId: bigint, userId: bigint, query: unknown) {
    return eventUsers(this.ctx, guildId, eventId, userId, query);
  }

  /** The events of GUILD_CREATE as one member sees them (voice-channel events only where it can view the channel). */
  visibleTo(guildId: bigint, userId: bigint) {
    return eventsVisibleTo(this.ctx, guildId, userId);
  }

  /** The web app's events list: what the person sees and may do, and where they may create events. */
  forPerson(guildId: bigint, userId: bigint) {
    return eventsForPerson(this.ctx, guildId, userId);
  }

  /** A cover added in the app, decrypted for a person who can see its event; null otherwise. */
  appCover(eventId: bigint, userId: bigint, hash: string) {
    return appCoverFor(this.ctx, eventId, userId, hash);
  }

  // ---- writing ---------------------------------------------------------------------------

  /**
   * POST /guilds/{guild}/scheduled-events. Needs Create Events (in the channel for a
   * voice-channel event, where Connect is needed too). The creator is marked interested.
   */
  async create(guildId: bigint, userId: bigint, body: unknown, origin: EventRequestOrigin = FROM_BOT) {
    const viewer = await eventViewer(this.ctx, guildId, userId);
    const input = parseForm(zScheduledEventCreate, body ?? {});
    const now = this.ctx.clock.now();
    const plan: EventPlan = {
      entityType: input.entity_type,
      channelId: input.channel_id ?? null,
      location: input.entity_metadata?.location ?? null,
      start: input.scheduled_start_time,
      end: input.scheduled_end_time ?? null,
      recurrence: input.recurrence_rule ?? null,
    };
    checkEventPlan(plan, now, {
      startSet: true,
      locationGiven: input.entity_type === 2 && Boolean(input.entity_metadata?.location),
    });
    const permissions = await placePermissions(this.ctx, viewer, plan);
    if (!has(permissions, Permission.CreateEvents)) throw Errors.missingPermissions();
    const cover = input.image ? decodeEventCover(input.image) : null;
    const sealed = cover !== null && origin.from === "app";

    const row = await this.ctx.db.$transaction(async (tx) => {
      // One creation at a time per guild, so the limit holds under concurrent requests.
      await tx.$queryRaw`SELECT id FROM "Guild" WHERE id = ${guildId} FOR UPDATE`;
      const open = await tx.scheduledEvent.count({
        where: { guildId, status: { in: [EventStatus.Scheduled, EventStatus.Active] } },
      });
      if (open >= SCHEDULED_EVENTS_PER_GUILD_MAX) throw Errors.tooManyScheduledEvents();
      const created = await tx.scheduledEvent.create({
        data: {
          guildId,
          channelId: plan.entityType === 2 ? plan.channelId : null,
          creatorId: userId,
          name: input.name,
          description: input.description ?? null,
          scheduledStartTime: plan.start,
          scheduledEndTime: plan.end,
          privacyLevel: 2,
          status: EventStatus.Scheduled,
          entityType: plan.entityType,
          location: plan.entityType === 3 ? plan.location : null,
          imageHash: sealed ? null : (cover?.hash ?? null),
          recurrenceRule: plan.recurrence ?? undefined,
        },
      });
      await tx.scheduledEventUser.create({ data: { eventId: created.id, userId } });
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.GuildScheduledEventCreate,
        targetId: created.id,
        changes: [{ key: "name", new_value: input.name }],
      });
      if (cover && sealed) {
        const appCoverHash = await storeAppCover(tx, appCoverKey(this.ctx), created.id, cover);
        return tx.scheduledEvent.update({ where: { id: created.id }, data: { appCoverHash } });
      }
      if (cover) await replacePicture(tx, { kind: "event-cover", id: created.id }, cover);
      return created;
    });
    const wire = await eventWire(this.ctx, row);
    await emitForEvent(this.ctx, row, { t: GatewayDispatchEvents.GuildScheduledEventCreate, d: wire });
    await emitForEvent(this.ctx, row, {
      t: GatewayDispatchEvents.GuildScheduledEventUserAdd,
      d: interestPayload(row, userId),
    });
    return wire;
  }

  /**
   * PATCH: field edits (for the whole series) and the state table's requested changes:
   * `status` 2 starts a pre-start voice-channel event, 3 ends an active one, 4 cancels one
   * before it starts. A finished (ended or cancelled) event cannot be changed.
   */
  async edit(guildId: bigint, eventId: bigint, userId: bigint, body: unknown, origin: EventRequestOrigin = FROM_BOT) {
    const { viewer, row } = await writableEvent(this.ctx, guildId, eventId, userId);
    const input = parseForm(zScheduledEventEdit, body ?? {});
    const now = this.ctx.clock.now();
    if (row.status === EventStatus.Completed || row.status === EventStatus.Canceled) {
      throw Errors.refused("A scheduled event that has ended or was cancelled cannot be changed.");
    }
    const status = input.status ?? row.status;
    if (status !== row.status && !allowedTransition(row, status)) {
      throw Errors.invalidForm({
        status: { _errors: [{ code: "BASE_TYPE_INVALID", message: transitionRefusal(row, status) }] },
      });
    }
    if (input.scheduled_start_time !== undefined && row.status === EventStatus.Active) {
      throw Errors.invalidForm({
        scheduled_start_time: {
          _errors: [{ code: "BASE_TYPE_INVALID", message: "An active event's start cannot be changed." }],
        },
      });
    }

    const entityType = input.entity_type ?? (row.entityType as 2 | 3);
    const plan: EventPlan = {
      entityType,
      channelId: input.channel_id !== undefined ? input.channel_id : entityType === 3 ? null : row.channelId,
      location:
        input.entity_metadata !== undefined
          ? (input.entity_metadata?.location ?? null)
          : entityType === 3
            ? row.location
            : null,
      start: input.scheduled_start_time ?? row.scheduledStartTime,
      end: input.scheduled_end_time !== undefined ? input.scheduled_end_time : row.scheduledEndTime,
      recurrence:
        input.recurrence_rule !== undefined
          ? input.recurrence_rule
          : ((row.recurrenceRule as Recurrence | null) ?? null),
    };
    checkEventPlan(plan, now, {
      startSet: input.scheduled_start_time !== undefined,
      locationGiven: entityType === 2 && Boolean(input.entity_metadata?.location),
    });
    // A new place must be one the caller may hold events in, as on creation.
    if (plan.entityType !== row.entityType || plan.channelId !== row.channelId) {
      const permissions = await placePermissions(this.ctx, viewer, plan);
      if (!mayManage(permissions, row, userId)) throw Errors.missingPermissions();
    }
    const cover = input.image ? decodeEventCover(input.image) : null;
    const starting = status === EventStatus.Active && row.status === EventStatus.Scheduled;
    const emptySince =
      starting && plan.channelId !== null && (await channelEmpty(this.ctx, plan.channelId)) ? now : null;

    const updated = await this.ctx.db.$transaction(async (tx) => {
      const changed = await tx.scheduledEvent.updateMany({
        // Conditional on the status read: a timed change meanwhile wins and this edit is refused.
        where: { id: row.id, status: row.status },
        data: {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          scheduledStartTime: plan.start,
          scheduledEndTime: plan.end,
          entityType: plan.entityType,
          channelId: plan.entityType === 2 ? plan.channelId : null,
          location: plan.entityType === 3 ? plan.location : null,
          recurrenceRule: plan.recurrence ?? Prisma.DbNull,
          status,
          ...(starting ? { emptySince } : {}),
          // An event has one cover: a new one (or null) replaces whichever it had.
          ...(input.image !== undefined
            ? { imageHash: cover && origin.from === "bot" ? cover.hash : null, appCoverHash: null }
            : {}),
        },
      });
      if (changed.count !== 1) throw Errors.refused("The scheduled event changed meanwhile; try again.");
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.GuildScheduledEventUpdate,
        targetId: row.id,
        changes: [
          ...(input.name !== undefined && input.name !== row.name
            ? [{ key: "name" as const, old_value: row.name, new_value: input.name }]
            : []),
          ...(status !== row.status ? [{ key: "status" as const, old_value: row.status, new_value: status }] : []),
        ],
      });
      if (input.image !== undefined) {
        await removeEventCovers(tx, row.id);
        if (cover && origin.from === "app") {
          const appCoverHash = await storeAppCover(tx, appCoverKey(this.ctx), row.id, cover);
          await tx.scheduledEvent.update({ where: { id: row.id }, data: { appCoverHash } });
        } else if (cover) await replacePicture(tx, { kind: "event-cover", id: row.id }, cover);
      }
      return tx.scheduledEvent.findUniqueOrThrow({ where: { id: row.id } });
    });
    const wire = await eventWire(this.ctx, updated);
    await emitForEvent(this.ctx, updated, { t: GatewayDispatchEvents.GuildScheduledEventUpdate, d: wire });
    return wire;
  }

  /** DELETE: the whole series, its interested users and its cover. */
  async delete(guildId: bigint, eventId: bigint, userId: bigint): Promise<void> {
    const { row } = await writableEvent(this.ctx, guildId, eventId, userId);
    const wire = await eventWire(this.ctx, row);
    const removed = await this.ctx.db.$transaction(async (tx) => {
      const { count } = await tx.scheduledEvent.deleteMany({ where: { id: row.id } });
      await removeEventCovers(tx, row.id);
      if (count === 1)
        await recordAudit(tx, {
          guildId,
          userId,
          actionType: AuditLogEvent.GuildScheduledEventDelete,
          targetId: row.id,
          changes: [{ key: "name", old_value: row.name }],
        });
      return count;
    });
    if (removed === 1)
      await emitForEvent(this.ctx, row, { t: GatewayDispatchEvents.GuildScheduledEventDelete, d: wire });
  }

  /** A member marks (or unmarks) interest, as people do in the app. */
  async setInterest(guildId: bigint, eventId: bigint, userId: bigint, interested: boolean): Promise<void> {
    const { row } = await visibleEvent(this.ctx, guildId, eventId, userId);
    if (interested) {
      const { count } = await this.ctx.db.scheduledEventUser.createMany({
        data: [{ eventId: row.id, userId }],
        skipDuplicates: true,
      });
      if (count === 1)
        await emitForEvent(this.ctx, row, {
          t: GatewayDispatchEvents.GuildScheduledEventUserAdd,
          d: interestPayload(row, userId),
        });
    } else {
      const { count } = await this.ctx.db.scheduledEventUser.deleteMany({ where: { eventId: row.id, userId } });
      if (count === 1)
        await emitForEvent(this.ctx, row, {
          t: GatewayDispatchEvents.GuildScheduledEventUserRemove,
          d: interestPayload(row, userId),
        });
    }
  }

  // ---- timers ----------------------------------------------------------------------------

  /** Housekeeping: the timed rows of the state table (scheduled-event-timers). */
  tick(): Promise<void> {
    return tickScheduledEvents(this.ctx);
  }
}

/** The requested changes of the state table: start a pre-start voice-channel event, end an active one, cancel before start. */
function allowedTransition(row: EventRow, to: number): boolean {
  if (row.status === EventStatus.Scheduled && to === EventStatus.Active) return row.entityType === EventEntity.Voice;
  if (row.status === EventStatus.Active && to === EventStatus.Completed) return true;
  return row.status === EventStatus.Scheduled && to === EventStatus.Canceled;
}

function transitionRefusal(row: EventRow, to: number): string {
  if (row.status === EventStatus.Scheduled && to === EventStatus.Active)
    return "A somewhere-else event starts by itself at its start time.";
  return `An event with status ${row.status} cannot move to status ${to}.`;
}
