import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { computeChannelPermissions, has, Permission } from "../../permissions";
import type { EventPlan } from "../../validation/scheduled-events";
import { type GuildAccess, guildAccess } from "../shared/access";
import { EventEntity, type EventRow } from "./scheduled-event-rows";

/** What the caller may do about a guild's events: its standing and each voice channel's permissions. */
export interface EventViewer {
  access: GuildAccess;
  /** The caller's permissions in a guild channel (0 when hidden or not in the guild). */
  channelPermissions(channelId: bigint): Promise<bigint>;
}

/** The caller as a viewer of a guild's events; 10004 when not in the guild. Channel permissions are cached. */
export async function eventViewer(ctx: DomainContext, guildId: bigint, userId: bigint): Promise<EventViewer> {
  const access = await guildAccess(ctx, guildId, userId);
  const cache = new Map<bigint, bigint>();
  return {
    access,
    channelPermissions: async (channelId) => {
      const known = cache.get(channelId);
      if (known !== undefined) return known;
      const channel = await ctx.db.channel.findUnique({
        where: { id: channelId },
        select: { guildId: true, overwrites: true },
      });
      const permissions =
        channel && channel.guildId === guildId
          ? computeChannelPermissions(access.guild, access.member, { id: channelId, overwrites: channel.overwrites })
          : 0n;
      cache.set(channelId, permissions);
      return permissions;
    },
  };
}

/** Voice-channel events only for those who can view their channel. */
export async function canViewEvent(viewer: EventViewer, row: EventRow): Promise<boolean> {
  if (row.entityType !== EventEntity.Voice || row.channelId === null) return true;
  return has(await viewer.channelPermissions(row.channelId), Permission.ViewChannel);
}

/** The events of a guild the caller can see, in id order. */
export async function visibleEvents(ctx: DomainContext, guildId: bigint, viewer: EventViewer): Promise<EventRow[]> {
  const rows = await ctx.db.scheduledEvent.findMany({ where: { guildId }, orderBy: { id: "asc" } });
  const visible: EventRow[] = [];
  for (const row of rows) if (await canViewEvent(viewer, row)) visible.push(row);
  return visible;
}

/** One event of the guild the caller can see; 10070 when gone or hidden. */
export async function visibleEvent(ctx: DomainContext, guildId: bigint, eventId: bigint, userId: bigint) {
  const viewer = await eventViewer(ctx, guildId, userId);
  const row = await ctx.db.scheduledEvent.findUnique({ where: { id: eventId } });
  if (!row || row.guildId !== guildId || !(await canViewEvent(viewer, row))) throw Errors.unknownScheduledEvent();
  return { viewer, row };
}

/** PATCH and DELETE: Manage Events, or Create Events on the caller's own event (in the event's channel for a voice-channel event). */
export async function writableEvent(ctx: DomainContext, guildId: bigint, eventId: bigint, userId: bigint) {
  const { viewer, row } = await visibleEvent(ctx, guildId, eventId, userId);
  if (!(await mayManageEvent(viewer, row, userId))) throw Errors.missingPermissions();
  return { viewer, row };
}

/** Whether the caller may edit, start, end, cancel or delete the event (see writableEvent). */
export async function mayManageEvent(viewer: EventViewer, row: EventRow, userId: bigint): Promise<boolean> {
  const permissions =
    row.entityType === EventEntity.Voice && row.channelId !== null
      ? await viewer.channelPermissions(row.channelId)
      : viewer.access.permissions;
  return mayManage(permissions, row, userId);
}

/**
 * The caller's permissions where an event would take place: the guild for a somewhere-else
 * event; for a voice-channel event a voice channel of the guild it can view (else 50035 on
 * `channel_id`, as for a channel that does not exist), where it also needs Connect.
 */
export async function placePermissions(ctx: DomainContext, viewer: EventViewer, plan: EventPlan): Promise<bigint> {
  if (plan.entityType === EventEntity.External || plan.channelId === null) return viewer.access.permissions;
  const channel = await ctx.db.channel.findUnique({
    where: { id: plan.channelId },
    select: { guildId: true, type: true },
  });
  const permissions =
    channel?.guildId === viewer.access.guild.id ? await viewer.channelPermissions(plan.channelId) : 0n;
  if (!channel || !has(permissions, Permission.ViewChannel)) {
    throw Errors.invalidForm({ channel_id: { _errors: [{ code: "CHANNEL_INVALID", message: "Unknown channel." }] } });
  }
  if (channel.type !== 2)
    throw Errors.invalidForm({
      channel_id: { _errors: [{ code: "CHANNEL_INVALID", message: "Must be a voice channel." }] },
    });
  if (!has(permissions, Permission.Connect)) throw Errors.missingPermissions();
  return permissions;
}

/** Manage Events, or Create Events on one's own event. */
export function mayManage(permissions: bigint, row: EventRow, userId: bigint): boolean {
  return (
    has(permissions, Permission.ManageEvents) || (has(permissions, Permission.CreateEvents) && row.creatorId === userId)
  );
}
