import type { DomainContext } from "../../context";
import { serializeMember, serializeScheduledEvent } from "../../serializers";
import { parseForm } from "../../validation/form";
import {
  EVENT_USERS_LIST_MAX,
  zScheduledEventListQuery,
  zScheduledEventUsersQuery,
} from "../../validation/scheduled-events";
import { memberInclude, userSelect } from "../shared/selects";
import { eventViewer, visibleEvent, visibleEvents } from "./scheduled-event-access";
import { eventCreators, eventUserCounts, eventWire } from "./scheduled-event-rows";

/** GET /guilds/{guild}/scheduled-events: the events the caller can see. */
export async function listEvents(ctx: DomainContext, guildId: bigint, userId: bigint, query: unknown) {
  const { with_user_count } = parseForm(zScheduledEventListQuery, query ?? {});
  const viewer = await eventViewer(ctx, guildId, userId);
  const visible = await visibleEvents(ctx, guildId, viewer);
  const counts = with_user_count
    ? await eventUserCounts(
        ctx,
        visible.map((r) => r.id),
      )
    : null;
  const creators = await eventCreators(ctx, visible);
  return visible.map((row) =>
    serializeScheduledEvent(
      row,
      creators.get(row.creatorId) ?? null,
      ctx.urls,
      counts ? { userCount: counts.get(row.id) ?? 0 } : {},
    ),
  );
}

/** GET /guilds/{guild}/scheduled-events/{event}: 10070 when gone or hidden. */
export async function getEvent(ctx: DomainContext, guildId: bigint, eventId: bigint, userId: bigint, query: unknown) {
  const { with_user_count } = parseForm(zScheduledEventListQuery, query ?? {});
  const { row } = await visibleEvent(ctx, guildId, eventId, userId);
  const counts = with_user_count ? await eventUserCounts(ctx, [row.id]) : null;
  return eventWire(ctx, row, counts ? { userCount: counts.get(row.id) ?? 0 } : {});
}

/**
 * GET .../users: interested users in ascending id order, paged by `before` (which wins)
 * or `after`; `with_member=true` adds each one's member object when they are still in the guild.
 */
export async function eventUsers(ctx: DomainContext, guildId: bigint, eventId: bigint, userId: bigint, query: unknown) {
  const options = parseForm(zScheduledEventUsersQuery, query ?? {});
  const { row } = await visibleEvent(ctx, guildId, eventId, userId);
  const limit = Math.min(options.limit, EVENT_USERS_LIST_MAX);
  const range =
    options.before !== undefined
      ? { lt: options.before }
      : options.after !== undefined
        ? { gt: options.after }
        : undefined;
  const interested = await ctx.db.scheduledEventUser.findMany({
    where: { eventId: row.id, ...(range ? { userId: range } : {}) },
    orderBy: { userId: options.before !== undefined ? "desc" : "asc" },
    take: limit,
    include: { user: { select: userSelect } },
  });
  interested.sort((a, b) => (a.userId < b.userId ? -1 : 1));
  const members = options.with_member
    ? new Map(
        (
          await ctx.db.member.findMany({
            where: { guildId, userId: { in: interested.map((i) => i.userId) } },
            include: memberInclude,
          })
        ).map((m) => [m.userId, m]),
      )
    : null;
  return interested.map((entry) => {
    const member = members?.get(entry.userId);
    const wire = serializeMember(
      member ?? { guildId, userId: entry.userId, nick: null, joinedAt: entry.createdAt, user: entry.user, roles: [] },
      ctx.urls,
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
export async function eventsVisibleTo(ctx: DomainContext, guildId: bigint, userId: bigint) {
  const viewer = await eventViewer(ctx, guildId, userId).catch(() => null);
  if (!viewer) return [];
  const visible = await visibleEvents(ctx, guildId, viewer);
  const creators = await eventCreators(ctx, visible);
  return visible.map((row) => serializeScheduledEvent(row, creators.get(row.creatorId) ?? null, ctx.urls));
}
