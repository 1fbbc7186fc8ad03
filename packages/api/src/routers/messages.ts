import type { Domain } from "@chat/domain";
import { counterKey, MESSAGE_CREATE_LIMIT, sendingTooFast, TYPING_LIMIT, typingTooOften } from "@chat/rate-limit";
import { tracked } from "@trpc/server";
import { z } from "zod";
import { isApiError, toTRPCError } from "../errors";
import { zSnowflake } from "../inputs";
import { EventQueue } from "../live/event-queue";
import { isLiveMessageEvent, type LiveMessageEvent, liveMessageEvent } from "../live/message-events";
import { watchWebSession } from "../live/session-watch";
import { spendOrRefuse } from "../rate-limited";
import { protectedProcedure, router, sessionEndedError } from "../trpc";
import { messageView } from "../views";

const PAGE_SIZE = 50;

export const messagesRouter = router({
  /** One page of history, oldest first; `before` pages further back. */
  list: protectedProcedure
    .input(z.object({ channelId: zSnowflake, before: zSnowflake.optional(), limit: z.number().int().min(1).max(100).default(PAGE_SIZE) }))
    .query(async ({ ctx, input }) => {
      const query = { limit: input.limit, ...(input.before !== undefined ? { before: input.before.toString() } : {}) };
      const newestFirst = await ctx.domain.messages.list(input.channelId, ctx.me.id, query);
      return { messages: newestFirst.map((m) => messageView(m)).reverse(), hasMore: newestFirst.length === input.limit };
    }),

  /** One message again, e.g. for new file URLs once the ones shown have expired. */
  get: protectedProcedure.input(z.object({ channelId: zSnowflake, messageId: zSnowflake })).query(async ({ ctx, input }) => {
    return messageView(await ctx.domain.messages.get(input.channelId, input.messageId, ctx.me.id));
  }),

  /** Sends as the person, through the same service and under the same per-channel limit bots have. */
  send: protectedProcedure
    .input(z.object({ channelId: zSnowflake, content: z.string().max(4000), nonce: z.string().max(25).optional() }))
    .mutation(async ({ ctx, input }) => {
      const counter = counterKey(MESSAGE_CREATE_LIMIT, ctx.me.id.toString(), { channel: input.channelId.toString() });
      await spendOrRefuse(ctx.rateLimits, MESSAGE_CREATE_LIMIT, counter, sendingTooFast);
      const wire = await ctx.domain.messages.create(input.channelId, ctx.me.id, { content: input.content, ...(input.nonce ? { nonce: input.nonce } : {}) });
      return messageView(wire);
    }),

  /**
   * "X is typing…": TYPING_START to everyone who can view the channel (people's tabs and bots),
   * as POST /channels/{id}/typing does for bots, under the same per-channel limit.
   */
  typing: protectedProcedure.input(z.object({ channelId: zSnowflake })).mutation(async ({ ctx, input }) => {
    await spendOrRefuse(ctx.rateLimits, TYPING_LIMIT, counterKey(TYPING_LIMIT, ctx.me.id.toString(), { channel: input.channelId.toString() }), typingTooOften);
    await ctx.domain.messages.typing(input.channelId, ctx.me.id);
    return { typing: true };
  }),

  /**
   * One channel's messages, live (SSE): each new message (`create`), each edit (`update`, the
   * whole message) and each deletion (`delete`, one per message also for a bulk delete). Only
   * while the person can view the channel: checked when the stream opens and again for every
   * event. Every event is tracked with the id of the newest message sent so far, so after a
   * reconnect the client sends it back and the messages it missed are filled from history.
   * The stream ends with UNAUTHORIZED as soon as its web session does (sign-out, log out
   * everywhere, a password change elsewhere, suspension: announced on the bus by any process;
   * or expiry), and the client finds itself signed out.
   */
  onChange: protectedProcedure
    .input(z.object({ channelId: zSnowflake, lastEventId: z.string().regex(/^[0-9]{1,19}$/).nullish() }))
    .subscription(async ({ ctx, input, signal }) => {
      const channelKey = input.channelId.toString();
      const queue = new EventQueue(ctx.bus, (event) => isLiveMessageEvent(event, channelKey), signal);
      queue.onClose(watchWebSession(ctx.bus, ctx.webSession, () => queue.fail(sessionEndedError())));
      try {
        // Checked again now that the watch listens: a session ended since the first check is not missed.
        const [stillLive] = await Promise.all([ctx.domain.webSessions.live(ctx.webSession.id, ctx.webSession.userId), ctx.domain.channels.get(input.channelId, ctx.me.id)]);
        if (!stillLive) throw sessionEndedError();
      } catch (error) {
        queue.close();
        throw error;
      }
      return liveMessages(ctx.domain, queue, { channelId: input.channelId, userId: ctx.me.id, lastEventId: input.lastEventId ?? null });
    }),
});

/**
 * Missed messages first (after a reconnect), then each event the person may still see. Edits and
 * deletions of older messages made while disconnected are not replayed (there is no event log).
 */
async function* liveMessages(domain: Domain, queue: EventQueue, scope: { channelId: bigint; userId: bigint; lastEventId: string | null }) {
  try {
    let lastId = scope.lastEventId ? BigInt(scope.lastEventId) : 0n;
    if (scope.lastEventId) {
      // Without Read Message History there is nothing to back-fill: only new messages count.
      const missed = await domain.messages.list(scope.channelId, scope.userId, { after: scope.lastEventId, limit: 100 }).catch((error: unknown) => {
        if (isApiError(error) && error.status === 403) return [];
        throw error;
      });
      for (const wire of missed.reverse()) {
        lastId = BigInt(wire.id);
        yield tracked<LiveMessageEvent>(wire.id, { kind: "create", message: messageView(wire) });
      }
    }
    for await (const event of queue) {
      const live = liveMessageEvent(event);
      if (!live) continue;
      // A new message already back-filled (it was buffered while history was read) comes once.
      if (live.kind === "create" && BigInt(live.message.id) <= lastId) continue;
      if (!(await domain.webPeople.canViewChannel(scope.channelId, scope.userId))) continue;
      if (live.kind === "create") lastId = BigInt(live.message.id);
      yield tracked<LiveMessageEvent>(lastId.toString(), live);
    }
  } catch (error) {
    throw isApiError(error) ? toTRPCError(error) : error;
  } finally {
    queue.close();
  }
}
