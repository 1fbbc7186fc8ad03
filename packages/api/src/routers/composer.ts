import { counterKey, MESSAGE_CREATE_LIMIT, sendingTooFast } from "@chat/rate-limit";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { spendOrRefuse } from "../rate-limited";
import { protectedProcedure, router } from "../trpc";
import { messageView } from "../views";

/** What the message box needs beyond plain sending: files uploaded beforehand, and what it may offer. */
export const composerRouter = router({
  /** Whether the composer offers `@everyone` and `@here` in the channel (Mention Everyone there). */
  context: protectedProcedure.input(z.object({ channelId: zSnowflake })).query(async ({ ctx, input }) => {
    return { mayMentionEveryone: await ctx.domain.messages.mayMentionEveryone(input.channelId, ctx.me.id) };
  }),

  /**
   * Sends as the person with their uploads (uploads.create) as the message's files, each with its
   * description: the domain's checks as for a bot's multipart send (at most 10 files and 25 MB
   * together, 40005), only the person's own unused uploads for this channel (50035), under the
   * same per-channel limit as messages.send. Text may be empty when there are files.
   */
  send: protectedProcedure
    .input(
      z.object({
        channelId: zSnowflake,
        content: z.string().max(4000),
        nonce: z.string().max(25).optional(),
        replyTo: zSnowflake.optional(),
        // More than 10 reaches the domain, which answers the spec's 40005.
        attachments: z
          .array(z.object({ uploadId: zSnowflake, description: z.string().max(1024).nullable().optional() }))
          .max(50),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const counter = counterKey(MESSAGE_CREATE_LIMIT, ctx.me.id.toString(), { channel: input.channelId.toString() });
      await spendOrRefuse(ctx.rateLimits, MESSAGE_CREATE_LIMIT, counter, sendingTooFast);
      const reply = input.replyTo !== undefined ? { message_reference: { message_id: input.replyTo.toString() } } : {};
      const body = { content: input.content, ...(input.nonce ? { nonce: input.nonce } : {}), ...reply };
      const uploads = input.attachments.map((a) => ({ id: a.uploadId, description: a.description ?? null }));
      return messageView(await ctx.domain.uploads.sendMessage(input.channelId, ctx.me.id, body, uploads));
    }),
});
