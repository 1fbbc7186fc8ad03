import { counterKey, MESSAGE_CREATE_LIMIT, sendingTooFast, TYPING_LIMIT, typingTooOften } from "@chat/rate-limit";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { spendOrRefuse } from "../rate-limited";
import { protectedProcedure, router } from "../trpc";
import { messageView } from "../views";

const PAGE_SIZE = 50;

export const messagesRouter = router({
  /**
   * One page of history, oldest first; `before` pages further back. Without Read Message History
   * there is none (`historyHidden: true`, not an error): the channel shows only what arrives live.
   */
  list: protectedProcedure
    .input(
      z.object({
        channelId: zSnowflake,
        before: zSnowflake.optional(),
        limit: z.number().int().min(1).max(100).default(PAGE_SIZE),
      }),
    )
    .query(async ({ ctx, input }) => {
      const query = { limit: input.limit, ...(input.before !== undefined ? { before: input.before.toString() } : {}) };
      const { messages: newestFirst, historyHidden } = await ctx.domain.messages.history(
        input.channelId,
        ctx.me.id,
        query,
      );
      return {
        messages: newestFirst.map((m) => messageView(m)).reverse(),
        hasMore: newestFirst.length === input.limit,
        historyHidden,
      };
    }),

  /** One message again, e.g. for new file URLs once the ones shown have expired. */
  get: protectedProcedure
    .input(z.object({ channelId: zSnowflake, messageId: zSnowflake }))
    .query(async ({ ctx, input }) => {
      return messageView(await ctx.domain.messages.get(input.channelId, input.messageId, ctx.me.id));
    }),

  /** Sends as the person, through the same service and under the same per-channel limit bots have. */
  send: protectedProcedure
    .input(
      z.object({
        channelId: zSnowflake,
        content: z.string().max(4000),
        nonce: z.string().max(25).optional(),
        replyTo: zSnowflake.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const counter = counterKey(MESSAGE_CREATE_LIMIT, ctx.me.id.toString(), { channel: input.channelId.toString() });
      await spendOrRefuse(ctx.rateLimits, MESSAGE_CREATE_LIMIT, counter, sendingTooFast);
      const reply = input.replyTo !== undefined ? { message_reference: { message_id: input.replyTo.toString() } } : {};
      const wire = await ctx.domain.messages.create(input.channelId, ctx.me.id, {
        content: input.content,
        ...(input.nonce ? { nonce: input.nonce } : {}),
        ...reply,
      });
      return messageView(wire);
    }),

  /**
   * Edits the person's own message's text, through the same service as PATCH for bots (only the
   * author's own; nothing left at all is refused as an empty message). MESSAGE_UPDATE reaches the tabs.
   */
  edit: protectedProcedure
    .input(z.object({ channelId: zSnowflake, messageId: zSnowflake, content: z.string().max(4000) }))
    .mutation(async ({ ctx, input }) => {
      return messageView(
        await ctx.domain.messages.edit(input.channelId, input.messageId, ctx.me.id, { content: input.content }),
      );
    }),

  /** Deletes a message: one's own, or another's with Manage Messages, as DELETE does for bots. */
  delete: protectedProcedure
    .input(z.object({ channelId: zSnowflake, messageId: zSnowflake }))
    .mutation(async ({ ctx, input }) => {
      await ctx.domain.messages.delete(input.channelId, input.messageId, ctx.me.id);
      return { deleted: true };
    }),

  /**
   * "X is typing…": TYPING_START to everyone who can view the channel (people's tabs and bots),
   * as POST /channels/{id}/typing does for bots, under the same per-channel limit.
   */
  typing: protectedProcedure.input(z.object({ channelId: zSnowflake })).mutation(async ({ ctx, input }) => {
    await spendOrRefuse(
      ctx.rateLimits,
      TYPING_LIMIT,
      counterKey(TYPING_LIMIT, ctx.me.id.toString(), { channel: input.channelId.toString() }),
      typingTooOften,
    );
    await ctx.domain.messages.typing(input.channelId, ctx.me.id);
    return { typing: true };
  }),
});
