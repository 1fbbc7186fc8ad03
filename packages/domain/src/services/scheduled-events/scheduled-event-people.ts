import type { DomainContext } from "../../context";
import { has, Permission } from "../../permissions";
import { serializeScheduledEvent } from "../../serializers";
import { findPicture } from "../pictures/pictures";
import { APP_COVER_KIND, appCoverKey, openCover } from "./app-covers";
import { canViewEvent, type EventViewer, eventViewer, mayManageEvent, visibleEvents } from "./scheduled-event-access";
import { eventCreators, eventUserCounts, type EventRow } from "./scheduled-event-rows";

/** One event as the web app shows it to a person: the event object and what only people see. */
export interface PersonEvent {
  row: EventRow;
  /** The event object bots get (its `image` is null for a cover added in the app). */
  event: ReturnType<typeof serializeScheduledEvent>;
  userCount: number;
  /** The person marked themselves interested. */
  interested: boolean;
  /** The person may edit, start, end, cancel or delete it (Manage Events, or Create Events on their own). */
  mayManage: boolean;
  /** A voice-channel event's channel name. */
  channelName: string | null;
}

/** Where the person may create events: somewhere else (Create Events in the guild) and the voice channels allowing it. */
export interface EventPlaces {
  elsewhere: boolean;
  /** Voice channels the person can view, with Connect and Create Events there, in the channel list's order. */
  voiceChannels: { id: bigint; name: string }[];
}

/** The guild's events the person can see, with counts, their interest and what they may do; and where they may create one. */
export async function eventsForPerson(
  ctx: DomainContext,
  guildId: bigint,
  userId: bigint,
): Promise<{ events: PersonEvent[]; places: EventPlaces }> {
  const viewer = await eventViewer(ctx, guildId, userId);
  const rows = await visibleEvents(ctx, guildId, viewer);
  const ids = rows.map((r) => r.id);
  const [counts, creators, mine, channels] = await Promise.all([
    eventUserCounts(ctx, ids),
    eventCreators(ctx, rows),
    ctx.db.scheduledEventUser.findMany({ where: { userId, eventId: { in: ids } }, select: { eventId: true } }),
    ctx.db.channel.findMany({
      where: { guildId, type: 2 },
      select: { id: true, name: true },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    }),
  ]);
  const interested = new Set(mine.map((m) => m.eventId));
  const channelNames = new Map(channels.map((c) => [c.id, c.name ?? ""]));
  const events: PersonEvent[] = [];
  for (const row of rows) {
    events.push({
      row,
      event: serializeScheduledEvent(row, creators.get(row.creatorId) ?? null, ctx.urls),
      userCount: counts.get(row.id) ?? 0,
      interested: interested.has(row.id),
      mayManage: await mayManageEvent(viewer, row, userId),
      channelName: row.channelId !== null ? (channelNames.get(row.channelId) ?? null) : null,
    });
  }
  return { events, places: await eventPlaces(viewer, channels) };
}

async function eventPlaces(
  viewer: EventViewer,
  voiceChannels: { id: bigint; name: string | null }[],
): Promise<EventPlaces> {
  const needed = Permission.ViewChannel | Permission.Connect | Permission.CreateEvents;
  const allowed: EventPlaces["voiceChannels"] = [];
  for (const channel of voiceChannels) {
    if (has(await viewer.channelPermissions(channel.id), needed))
      allowed.push({ id: channel.id, name: channel.name ?? "" });
  }
  return { elsewhere: has(viewer.access.permissions, Permission.CreateEvents), voiceChannels: allowed };
}

/**
 * A cover added in the app, opened for a person who can see its event (the web app serves it);
 * null when the event, the cover or that version of it is gone, or the person may not see it.
 */
export async function appCoverFor(ctx: DomainContext, eventId: bigint, userId: bigint, hash: string) {
  const row = await ctx.db.scheduledEvent.findUnique({ where: { id: eventId } });
  if (!row || row.appCoverHash !== hash) return null;
  const viewer = await eventViewer(ctx, row.guildId, userId).catch(() => null);
  if (!viewer || !(await canViewEvent(viewer, row))) return null;
  const stored = await findPicture(ctx.db, { kind: APP_COVER_KIND, id: row.id }, hash);
  const data = stored ? openCover(appCoverKey(ctx), row.id, stored.data) : null;
  return stored && data ? { contentType: stored.contentType, data } : null;
}
