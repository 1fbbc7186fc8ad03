import type { ChannelReadState } from "@chat/domain";
import { markingReadTooOften, READ_ACK_LIMIT } from "@chat/rate-limit";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { spendOrRefuse } from "../rate-limited";
import { protectedProcedure, router } from "../trpc";

/** One channel's read state (ids are decimal strings): unread when `lastMessageId` is greater than `lastReadId`. */
export type ReadStateView = ChannelReadState;

export const readStatesRouter = router({
  /**
   * Where the person has read up to in every channel they can view (their guilds' text and
   * voice channels, their DMs), with the mentions of them after that. Kept current by the
   * live stream's READ_STATE_UPDATE events and by counting new messages in between.
   */
  list: protectedProcedure.query(({ ctx }): Promise<ReadStateView[]> => ctx.domain.readStates.summary(ctx.me.id)),

  /**
   * Read up to `messageId` in a channel (any id up to its newest message; it only moves
   * forward). Every tab of the person hears it (READ_STATE_UPDATE); answers the channel's
   * state. Under a per-person limit: acknowledge on opening a channel and on reaching its end,
   * not on every message.
   */
  ack: protectedProcedure
    .input(z.object({ channelId: zSnowflake, messageId: zSnowflake }))
    .mutation(async ({ ctx, input }): Promise<ReadStateView> => {
      await spendOrRefuse(ctx.rateLimits, READ_ACK_LIMIT, ctx.me.id.toString(), markingReadTooOften);
      return ctx.domain.readStates.ack(ctx.me.id, input.channelId, input.messageId);
    }),
});
