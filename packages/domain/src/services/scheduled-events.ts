import { Prisma, type ScheduledEventModel } from "@chat/db";
import type { DomainContext } from "../context";
import { emit } from "../context";
import { Errors } from "../errors";
import { computeChannelPermissions, has, Permission } from "../permissions";
import { serializeMember, serializeScheduledEvent, type UserRow } from "../serializers";
import { parseForm } from "../validation/form";
import {
  checkEventPlan,
  decodeEventCover,
  EVENT_USERS_LIST_MAX,
  type EventPlan,
  SCHEDULED_EVENTS_PER_GUILD_MAX,
  zScheduledEventCreate,
  zScheduledEventEdit,
  zScheduledEventListQuery,
  zScheduledEventUsersQuery,
} from "../validation/scheduled-events";
import { type GuildAccess, guildAccess } from "./access";
import { nextOccurrence, type Recurrence } from "./recurrence";
import { memberInclude, userSelect } from "./selects";

type EventRow = ScheduledEventModel;

export const EventStatus = { Scheduled: 1, Active: 2, Completed: 3, Canceled: 4 } as const;
export const EventEntity = { Voice: 2, External: 3 } as const;

const HOUR_MS = 60 * 60 * 1000;
/** Spec: Limits: a voice-channel event not started within 12 hours is cancelled; it ends after 5 empty minutes. */
export const VOICE_EVENT_START_GRACE_MS = 12 * HOUR_MS;
export const VOICE_EVENT_EMPTY_MS = 5 * 60 * 1000;

/** What the caller may do about a guild's events: its standing and each voice channel's permissions. */
interface EventViewer {
  access: GuildAccess;
  /** The caller's permissions in a guild channel (0 when hidden or not in the guild). */
  channelPermissions(channelId: bigint): Promise<bigint>;
}

/**
 * Scheduled events (spec: Scheduled event; Endpoints > Scheduled events): CRUD, interested
 * users, recurrence and the timed rows of the state table. One row per series: a repeating
 * event moves to its next occurrence instead of being deleted, so edits apply to the series.
 */
export class ScheduledEventService {
  constructor(private ctx: DomainContext) {}

  // ---- reading ---------------------------------------------------------------------------

  /** GET /guilds/{guild}/scheduled-events: the events the caller can see. */
  async list(guildId: bigint, userId: bigint, query: unknown) {
    const { with_user_count } = parseForm(zScheduledEventListQuery, query ?? {});
    const viewer = await this.viewer(guildId, userId);
    const rows = await this.ctx.db.scheduledEvent.findMany({ where: { guildId }, orderBy: { id: "asc" } });
    const visible: EventRow[] = [];
    for (const row of rows) if (await this.canView(viewer, row)) visible.push(row);
    const counts = with_user_count ? await this.userCounts(visible.map((r) => r.id)) : null;
    const creators = await this.creators(visible);
    return visible.map((row) =>
      serializeScheduledEvent(row, creators.get(row.creatorId) ?? null, this.ctx.urls, counts ? { userCount: counts.get(row.id) ?? 0 } : {}),
    );
  }

  /** GET /guilds/{guild}/scheduled-events/{event}: 10070 when gone or hidden. */
  async get(guildId: bigint, eventId: bigint, userId: bigint, query: unknown = {}) {
    const { with_user_count } = parseForm(zScheduledEventListQuery, query ?? {});
    const { row } = await this.visibleEvent(guildId, eventId, userId);
    const counts = with_user_count ? await this.userCounts([row.id]) : null;
    return this.wire(row, counts ? { userCount: counts.get(row.id) ?? 0 } : {});
  }

  /**
   * GET .../users: interested users in ascending id order, paged by `before` (which wins)
   * or `after`; `with_member=true` adds each one's member object when they are still in the guild.
   */
  async users(guildId: bigint, eventId: bigint, userId: bigint, query: unknown) {
    const options = parseForm(zScheduledEventUsersQuery, query ?? {});
    const { row } = await this.visibleEvent(guildId, eventId, userId);
    const limit = Math.min(options.limit, EVENT_USERS_LIST_MAX);
    const range = options.before !== undefined ? { lt: options.before } : options.after !== undefined ? { gt: options.after } : undefined;
    const interested = await this.ctx.db.scheduledEventUser.findMany({
      where: { eventId: row.id, ...(range ? { userId: range } : {}) },
      orderBy: { userId: options.before !== undefined ? "desc" : "asc" },
      take: limit,
      include: { user: { select: userSelect } },
    });
    interested.sort((a, b) => (a.userId < b.userId ? -1 : 1));
    const members = options.with_member
      ? new Map(
          (
            await this.ctx.db.member.findMany({ where: { guildId, userId: { in: interested.map((i) => i.userId) } }, include: memberInclude })
          ).map((m) => [m.userId, m]),
        )
      : null;
    return interested.map((entry) => {
      const member = members?.get(entry.userId);
      const wire = serializeMember(
        member ?? { guildId, userId: entry.userId, nick: null, joinedAt: entry.createdAt, user: entry.user, roles: [] },
        this.ctx.urls,
      );
      return {
        guild_scheduled_event_id: row.id.toString(),
        user_id: entry.userId.toString(),
        user: wire.user,
        response: 1,
        ...(member ? { member: wire } : {}),
      };
    });
  }

  /** The events of GUILD_CREATE as one member sees them (voice-channel events only where it can view the channel). */
  async visibleTo(guildId: bigint, userId: bigint) {
    const viewer = await this.viewer(guildId, userId).catch(() => null);
    if (!viewer) return [];
    const rows = await this.ctx.db.scheduledEvent.findMany({ where: { guildId }, orderBy: { id: "asc" } });
    const visible: EventRow[] = [];
    for (const row of rows) if (await this.canView(viewer, row)) visible.push(row);
    const creators = await this.creators(visible);
    return visible.map((row) => serializeScheduledEvent(row, creators.get(row.creatorId) ?? null, this.ctx.urls));
  }

  // ---- writing ---------------------------------------------------------------------------

  /**
   * POST /guilds/{guild}/scheduled-events. Needs Create Events (in the channel for a
   * voice-channel event, where Connect is needed too). The creator is marked interested.
   */
  async create(guildId: bigint, userId: bigint, body: unknown) {
    const viewer = await this.viewer(guildId, userId);
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
    checkEventPlan(plan, now, { startSet: true, locationGiven: input.entity_type === 2 && Boolean(input.entity_metadata?.location) });
    const permissions = await this.placePermissions(viewer, plan);
    if (!has(permissions, Permission.CreateEvents)) throw Errors.missingPermissions();
    const cover = input.image ? decodeEventCover(input.image) : null;

    const row = await this.ctx.db.$transaction(async (tx) => {
      // One creation at a time per guild, so the limit holds under concurrent requests.
      await tx.$queryRaw`SELECT id FROM "Guild" WHERE id = ${guildId} FOR UPDATE`;
      const open = await tx.scheduledEvent.count({ where: { guildId, status: { in: [EventStatus.Scheduled, EventStatus.Active] } } });
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
          imageHash: cover?.hash ?? null,
          recurrenceRule: plan.recurrence ?? undefined,
        },
      });
      await tx.scheduledEventUser.create({ data: { eventId: created.id, userId } });
      if (cover) {
        await tx.picture.create({ data: { ownerId: created.id, hash: cover.hash, contentType: cover.contentType, data: new Uint8Array(cover.data) } });
      }
      return created;
    });
    const wire = await this.wire(row);
    await this.emitFor(row, "GUILD_SCHEDULED_EVENT_CREATE", wire);
    await this.emitFor(row, "GUILD_SCHEDULED_EVENT_USER_ADD", this.interestPayload(row, userId));
    return wire;
  }

  /**
   * PATCH: field edits (for the whole series) and the state table's requested changes:
   * `status` 2 starts a pre-start voice-channel event, 3 ends an active one, 4 cancels one
   * before it starts. A finished (ended or cancelled) event cannot be changed.
   */
  async edit(guildId: bigint, eventId: bigint, userId: bigint, body: unknown) {
    const { viewer, row } = await this.writableEvent(guildId, eventId, userId);
    const input = parseForm(zScheduledEventEdit, body ?? {});
    const now = this.ctx.clock.now();
    if (row.status === EventStatus.Completed || row.status === EventStatus.Canceled) {
      throw Errors.refused("A scheduled event that has ended or was cancelled cannot be changed.");
    }
    const status = input.status ?? row.status;
    if (status !== row.status && !allowedTransition(row, status)) {
      throw Errors.invalidForm({ status: { _errors: [{ code: "BASE_TYPE_INVALID", message: transitionRefusal(row, status) }] } });
    }
    if (input.scheduled_start_time !== undefined && row.status === EventStatus.Active) {
      throw Errors.invalidForm({ scheduled_start_time: { _errors: [{ code: "BASE_TYPE_INVALID", message: "An active event's start cannot be changed." }] } });
    }

    const entityType = input.entity_type ?? (row.entityType as 2 | 3);
    const plan: EventPlan = {
      entityType,
      channelId: input.channel_id !== undefined ? input.channel_id : entityType === 3 ? null : row.channelId,
      location: input.entity_metadata !== undefined ? (input.entity_metadata?.location ?? null) : entityType === 3 ? row.location : null,
      start: input.scheduled_start_time ?? row.scheduledStartTime,
      end: input.scheduled_end_time !== undefined ? input.scheduled_end_time : row.scheduledEndTime,
      recurrence: input.recurrence_rule !== undefined ? input.recurrence_rule : ((row.recurrenceRule as Recurrence | null) ?? null),
    };
    checkEventPlan(plan, now, {
      startSet: input.scheduled_start_time !== undefined,
      locationGiven: entityType === 2 && Boolean(input.entity_metadata?.location),
    });
    // A new place must be one the caller may hold events in, as on creation.
    if (plan.entityType !== row.entityType || plan.channelId !== row.channelId) {
      const permissions = await this.placePermissions(viewer, plan);
      if (!mayManage(permissions, row, userId)) throw Errors.missingPermissions();
    }
    const cover = input.image ? decodeEventCover(input.image) : null;
    const starting = status === EventStatus.Active && row.status === EventStatus.Scheduled;
    const emptySince = starting && plan.channelId !== null && (await this.channelEmpty(plan.channelId)) ? now : null;

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
          ...(input.image !== undefined ? { imageHash: cover?.hash ?? null } : {}),
        },
      });
      if (changed.count !== 1) throw Errors.refused("The scheduled event changed meanwhile; try again.");
      if (input.image !== undefined) {
        await tx.picture.deleteMany({ where: { ownerId: row.id, ...(cover ? { hash: { not: cover.hash } } : {}) } });
        if (cover) {
          await tx.picture.upsert({
            where: { ownerId_hash: { ownerId: row.id, hash: cover.hash } },
            create: { ownerId: row.id, hash: cover.hash, contentType: cover.contentType, data: new Uint8Array(cover.data) },
            update: {},
          });
        }
      }
      return tx.scheduledEvent.findUniqueOrThrow({ where: { id: row.id } });
    });
    const wire = await this.wire(updated);
    await this.emitFor(updated, "GUILD_SCHEDULED_EVENT_UPDATE", wire);
    return wire;
  }

  /** DELETE: the whole series, its interested users and its cover. */
  async delete(guildId: bigint, eventId: bigint, userId: bigint): Promise<void> {
    const { row } = await this.writableEvent(guildId, eventId, userId);
    const wire = await this.wire(row);
    const removed = await this.ctx.db.$transaction(async (tx) => {
      const { count } = await tx.scheduledEvent.deleteMany({ where: { id: row.id } });
      await tx.picture.deleteMany({ where: { ownerId: row.id } });
      return count;
    });
    if (removed === 1) await this.emitFor(row, "GUILD_SCHEDULED_EVENT_DELETE", wire);
  }

  /** A member marks (or unmarks) interest, as people do in the app. */
  async setInterest(guildId: bigint, eventId: bigint, userId: bigint, interested: boolean): Promise<void> {
    const { row } = await this.visibleEvent(guildId, eventId, userId);
    if (interested) {
      const { count } = await this.ctx.db.scheduledEventUser.createMany({ data: [{ eventId: row.id, userId }], skipDuplicates: true });
      if (count === 1) await this.emitFor(row, "GUILD_SCHEDULED_EVENT_USER_ADD", this.interestPayload(row, userId));
    } else {
      const { count } = await this.ctx.db.scheduledEventUser.deleteMany({ where: { eventId: row.id, userId } });
      if (count === 1) await this.emitFor(row, "GUILD_SCHEDULED_EVENT_USER_REMOVE", this.interestPayload(row, userId));
    }
  }

  // ---- timers ----------------------------------------------------------------------------

  /**
   * Housekeeping: the timed rows of the state table. Every change is a conditional update
   * on the state read, and is announced only by the node whose update won.
   */
  async tick(): Promise<void> {
    const db = this.ctx.db;
    const now = this.ctx.clock.now();
    const { Scheduled, Active, Completed, Canceled } = EventStatus;

    // Pre-start voice-channel events not started within 12 hours of their start: cancelled.
    const unstarted = await db.scheduledEvent.findMany({
      where: { status: Scheduled, entityType: EventEntity.Voice, scheduledStartTime: { lte: new Date(now.getTime() - VOICE_EVENT_START_GRACE_MS) } },
    });
    for (const row of unstarted) await this.transition(row, { status: Canceled });

    // Somewhere-else events start at their start time…
    const starting = await db.scheduledEvent.findMany({ where: { status: Scheduled, entityType: EventEntity.External, scheduledStartTime: { lte: now } } });
    for (const row of starting) await this.transition(row, { status: Active });

    // …and end at their end time.
    const ending = await db.scheduledEvent.findMany({ where: { status: Active, entityType: EventEntity.External, scheduledEndTime: { lte: now } } });
    for (const row of ending) await this.transition(row, { status: Completed });

    // Active voice-channel events end once their channel has been empty for 5 minutes.
    const live = await db.scheduledEvent.findMany({ where: { status: Active, entityType: EventEntity.Voice } });
    for (const row of live) await this.watchChannel(row, now);

    // Voice-channel events whose channel was deleted have nowhere to happen.
    const orphaned = await db.scheduledEvent.findMany({ where: { entityType: EventEntity.Voice, channelId: null } });
    for (const row of orphaned) await this.remove(row);

    // Ended or cancelled: deleted, or moved to the next occurrence when repeating.
    const finished = await db.scheduledEvent.findMany({ where: { status: { in: [Completed, Canceled] } } });
    for (const row of finished) {
      const rule = row.recurrenceRule as Recurrence | null;
      if (!rule) {
        await this.remove(row);
        continue;
      }
      const start = nextOccurrence(rule, row.scheduledStartTime, now);
      const end = row.scheduledEndTime ? new Date(start.getTime() + (row.scheduledEndTime.getTime() - row.scheduledStartTime.getTime())) : null;
      await this.transition(row, { status: Scheduled, scheduledStartTime: start, scheduledEndTime: end, emptySince: null });
    }
  }

  /** Notes when an active voice-channel event's channel became empty, and ends it after 5 empty minutes. */
  private async watchChannel(row: EventRow, now: Date): Promise<void> {
    if (row.channelId === null) return;
    const empty = await this.channelEmpty(row.channelId);
    const db = this.ctx.db;
    if (!empty) {
      if (row.emptySince) await db.scheduledEvent.updateMany({ where: { id: row.id, status: EventStatus.Active }, data: { emptySince: null } });
      return;
    }
    if (!row.emptySince) {
      await db.scheduledEvent.updateMany({ where: { id: row.id, status: EventStatus.Active, emptySince: null }, data: { emptySince: now } });
      return;
    }
    if (now.getTime() - row.emptySince.getTime() >= VOICE_EVENT_EMPTY_MS) {
      await this.transition(row, { status: EventStatus.Completed }, { emptySince: row.emptySince });
    }
  }

  /** A conditional change from the state read; GUILD_SCHEDULED_EVENT_UPDATE when this node's change won. */
  private async transition(
    row: EventRow,
    data: { status: number; scheduledStartTime?: Date; scheduledEndTime?: Date | null; emptySince?: Date | null },
    also: { emptySince?: Date } = {},
  ): Promise<void> {
    const { count } = await this.ctx.db.scheduledEvent.updateMany({
      where: { id: row.id, status: row.status, scheduledStartTime: row.scheduledStartTime, ...also },
      data,
    });
    if (count !== 1) return;
    const updated = await this.ctx.db.scheduledEvent.findUnique({ where: { id: row.id } });
    if (updated) await this.emitFor(updated, "GUILD_SCHEDULED_EVENT_UPDATE", await this.wire(updated));
  }

  /** Deletes a finished or orphaned event; GUILD_SCHEDULED_EVENT_DELETE when this node's delete won. */
  private async remove(row: EventRow): Promise<void> {
    const wire = await this.wire(row);
    const count = await this.ctx.db.$transaction(async (tx) => {
      const deleted = await tx.scheduledEvent.deleteMany({ where: { id: row.id, status: row.status, scheduledStartTime: row.scheduledStartTime } });
      if (deleted.count === 1) await tx.picture.deleteMany({ where: { ownerId: row.id } });
      return deleted.count;
    });
    if (count === 1) await this.emitFor(row, "GUILD_SCHEDULED_EVENT_DELETE", wire);
  }

  // ---- helpers ---------------------------------------------------------------------------

  private async viewer(guildId: bigint, userId: bigint): Promise<EventViewer> {
    const access = await guildAccess(this.ctx, guildId, userId);
    const cache = new Map<bigint, bigint>();
    return {
      access,
      channelPermissions: async (channelId) => {
        const known = cache.get(channelId);
        if (known !== undefined) return known;
        const channel = await this.ctx.db.channel.findUnique({ where: { id: channelId }, select: { guildId: true, overwrites: true } });
        const permissions =
          channel && channel.guildId === guildId ? computeChannelPermissions(access.guild, access.member, { id: channelId, overwrites: channel.overwrites }) : 0n;
        cache.set(channelId, permissions);
        return permissions;
      },
    };
  }

  /** Voice-channel events only for those who can view their channel. */
  private async canView(viewer: EventViewer, row: EventRow): Promise<boolean> {
    if (row.entityType !== EventEntity.Voice || row.channelId === null) return true;
    return has(await viewer.channelPermissions(row.channelId), Permission.ViewChannel);
  }

  private async visibleEvent(guildId: bigint, eventId: bigint, userId: bigint) {
    const viewer = await this.viewer(guildId, userId);
    const row = await this.ctx.db.scheduledEvent.findUnique({ where: { id: eventId } });
    if (!row || row.guildId !== guildId || !(await this.canView(viewer, row))) throw Errors.unknownScheduledEvent();
    return { viewer, row };
  }

  /** PATCH and DELETE: Manage Events, or Create Events on the caller's own event (in the event's channel for a voice-channel event). */
  private async writableEvent(guildId: bigint, eventId: bigint, userId: bigint) {
    const { viewer, row } = await this.visibleEvent(guildId, eventId, userId);
    const permissions = row.entityType === EventEntity.Voice && row.channelId !== null ? await viewer.channelPermissions(row.channelId) : viewer.access.permissions;
    if (!mayManage(permissions, row, userId)) throw Errors.missingPermissions();
    return { viewer, row };
  }

  /**
   * The caller's permissions where an event would take place: the guild for a somewhere-else
   * event; for a voice-channel event a voice channel of the guild it can view (else 50035 on
   * `channel_id`, as for a channel that does not exist), where it also needs Connect.
   */
  private async placePermissions(viewer: EventViewer, plan: EventPlan): Promise<bigint> {
    if (plan.entityType === EventEntity.External || plan.channelId === null) return viewer.access.permissions;
    const channel = await this.ctx.db.channel.findUnique({ where: { id: plan.channelId }, select: { guildId: true, type: true } });
    const permissions = channel?.guildId === viewer.access.guild.id ? await viewer.channelPermissions(plan.channelId) : 0n;
    if (!channel || !has(permissions, Permission.ViewChannel)) {
      throw Errors.invalidForm({ channel_id: { _errors: [{ code: "CHANNEL_INVALID", message: "Unknown channel." }] } });
    }
    if (channel.type !== 2) throw Errors.invalidForm({ channel_id: { _errors: [{ code: "CHANNEL_INVALID", message: "Must be a voice channel." }] } });
    if (!has(permissions, Permission.Connect)) throw Errors.missingPermissions();
    return permissions;
  }

  private async channelEmpty(channelId: bigint): Promise<boolean> {
    return (await this.ctx.db.voiceState.count({ where: { channelId } })) === 0;
  }

  private async userCounts(eventIds: bigint[]): Promise<Map<bigint, number>> {
    if (eventIds.length === 0) return new Map();
    const groups = await this.ctx.db.scheduledEventUser.groupBy({ by: ["eventId"], where: { eventId: { in: eventIds } }, _count: { _all: true } });
    return new Map(groups.map((g) => [g.eventId, g._count._all]));
  }

  private async creators(rows: EventRow[]): Promise<Map<bigint, UserRow>> {
    const ids = [...new Set(rows.map((r) => r.creatorId))];
    if (ids.length === 0) return new Map();
    const users = await this.ctx.db.user.findMany({ where: { id: { in: ids } }, select: userSelect });
    return new Map(users.map((u) => [u.id, u]));
  }

  private async wire(row: EventRow, extras: { userCount?: number } = {}) {
    const creator = await this.ctx.db.user.findUnique({ where: { id: row.creatorId }, select: userSelect });
    return serializeScheduledEvent(row, creator, this.ctx.urls, extras);
  }

  private interestPayload(row: EventRow, userId: bigint) {
    return { guild_scheduled_event_id: row.id.toString(), user_id: userId.toString(), guild_id: row.guildId.toString() };
  }

  /** Guild-scoped; a voice-channel event's only to those who can view its channel. */
  private async emitFor(row: EventRow, t: string, d: unknown): Promise<void> {
    const channelId = row.entityType === EventEntity.Voice && row.channelId !== null ? row.channelId.toString() : undefined;
    await emit(this.ctx, { t, d, guildId: row.guildId.toString(), ...(channelId ? { channelId } : {}) });
  }
}

function mayManage(permissions: bigint, row: EventRow, userId: bigint): boolean {
  return has(permissions, Permission.ManageEvents) || (has(permissions, Permission.CreateEvents) && row.creatorId === userId);
}

/** The requested changes of the state table: start a pre-start voice-channel event, end an active one, cancel before start. */
function allowedTransition(row: EventRow, to: number): boolean {
  if (row.status === EventStatus.Scheduled && to === EventStatus.Active) return row.entityType === EventEntity.Voice;
  if (row.status === EventStatus.Active && to === EventStatus.Completed) return true;
  return row.status === EventStatus.Scheduled && to === EventStatus.Canceled;
}

function transitionRefusal(row: EventRow, to: number): string {
  if (row.status === EventStatus.Scheduled && to === EventStatus.Active) return "A somewhere-else event starts by itself at its start time.";
  return `An event with status ${row.status} cannot move to status ${to}.`;
}
