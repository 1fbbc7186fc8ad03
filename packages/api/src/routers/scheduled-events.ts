import { EventStatus } from "@chat/domain";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { eventBody, type GuildEventsView, guildEventsView, zEventDraft } from "../scheduled-event-views";
import { protectedProcedure, router } from "../trpc";

const zGuildEvent = z.object({ guildId: zSnowflake, eventId: zSnowflake });
const FROM_APP = { from: "app" } as const;

/**
 * A guild's scheduled events for people: the events list and the sidebar's next event,
 * creating and editing (Create Events / Manage Events, the same service and permissions as
 * REST), starting, ending, cancelling and deleting, and marking interest. Covers added here
 * are stored encrypted and are `image: null` to bots. Every change reaches bots and open tabs
 * as the GUILD_SCHEDULED_EVENT_* events.
 */
export const scheduledEventsRouter = router({
  list: protectedProcedure
    .input(z.object({ guildId: zSnowflake }))
    .query(async ({ ctx, input }): Promise<GuildEventsView> => {
      return guildEventsView(await ctx.domain.scheduledEvents.forPerson(input.guildId, ctx.me.id), ctx.domain.ctx.urls);
    }),

  create: protectedProcedure
    .input(z.object({ guildId: zSnowflake, event: zEventDraft }))
    .mutation(async ({ ctx, input }) => {
      const event = await ctx.domain.scheduledEvents.create(
        input.guildId,
        ctx.me.id,
        { ...eventBody(input.event), privacy_level: 2 },
        FROM_APP,
      );
      return { id: event.id };
    }),

  /** Only the fields given change (for the whole series of a repeating event). */
  update: protectedProcedure
    .input(zGuildEvent.extend({ event: zEventDraft.partial() }))
    .mutation(async ({ ctx, input }) => {
      const event = await ctx.domain.scheduledEvents.edit(
        input.guildId,
        input.eventId,
        ctx.me.id,
        eventBody(input.event),
        FROM_APP,
      );
      return { id: event.id };
    }),

  /** A voice-channel event before its start (a somewhere-else event starts by itself). */
  start: protectedProcedure.input(zGuildEvent).mutation(async ({ ctx, input }) => {
    const event = await ctx.domain.scheduledEvents.edit(
      input.guildId,
      input.eventId,
      ctx.me.id,
      { status: EventStatus.Active },
      FROM_APP,
    );
    return { id: event.id, status: event.status };
  }),

  end: protectedProcedure.input(zGuildEvent).mutation(async ({ ctx, input }) => {
    const event = await ctx.domain.scheduledEvents.edit(
      input.guildId,
      input.eventId,
      ctx.me.id,
      { status: EventStatus.Completed },
      FROM_APP,
    );
    return { id: event.id, status: event.status };
  }),

  /** Before it starts; a repeating event then moves to its next occurrence. */
  cancel: protectedProcedure.input(zGuildEvent).mutation(async ({ ctx, input }) => {
    const event = await ctx.domain.scheduledEvents.edit(
      input.guildId,
      input.eventId,
      ctx.me.id,
      { status: EventStatus.Canceled },
      FROM_APP,
    );
    return { id: event.id, status: event.status };
  }),

  /** Every occurrence of a repeating event. */
  remove: protectedProcedure.input(zGuildEvent).mutation(async ({ ctx, input }) => {
    await ctx.domain.scheduledEvents.delete(input.guildId, input.eventId, ctx.me.id);
    return { id: input.eventId.toString() };
  }),

  setInterest: protectedProcedure
    .input(zGuildEvent.extend({ interested: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.domain.scheduledEvents.setInterest(input.guildId, input.eventId, ctx.me.id, input.interested);
      return { id: input.eventId.toString(), interested: input.interested };
    }),
});
