import { MESSAGE_FILES_BYTES_MAX } from "@chat/domain";
import { UPLOAD_BYTES_LIMIT, uploadedTooMuch } from "@chat/rate-limit";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { spendPointsFor } from "../rate-limited";
import { protectedProcedure, router } from "../trpc";

const TOO_LARGE = `Files can be at most ${MESSAGE_FILES_BYTES_MAX / 1024 / 1024} MB.`;
/** Base64 of at most 25 MB (a little over, so the domain's own 40005 is what a slightly larger file gets). */
const BASE64_MAX = Math.ceil(MESSAGE_FILES_BYTES_MAX / 3) * 4 + 4;

export const uploadsRouter = router({
  /**
   * The person uploads a file to use in the channel (an attachment command option names it by
   * the answered id, the composer sends it with a message), its bytes as base64. Over 25 MB is
   * refused with that said. Every file a person sends is uploaded here, so here it is counted
   * against their hourly byte budget (UPLOAD_BYTES_LIMIT); the domain caps the uploads waiting
   * unsent. Both refuse with TOO_MANY_REQUESTS before anything is stored.
   */
  create: protectedProcedure
    .input(
      z.object({
        channelId: zSnowflake,
        filename: z.string().min(1).max(1024),
        contentType: z.string().max(255).nullable().optional(),
        data: z.string().max(BASE64_MAX, TOO_LARGE),
      }),
    )
    .mutation(({ ctx, input }) => {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(input.data) || input.data.length % 4 !== 0) {
        throw new TRPCError({ code: "BAD_REQUEST", message: "The file's data is not base64." });
      }
      const bytes = Buffer.from(input.data, "base64");
      const data = new Uint8Array(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      ) as Uint8Array<ArrayBuffer>;
      // An empty file still costs a row: it counts as one byte.
      return spendPointsFor(
        ctx.rateLimits,
        UPLOAD_BYTES_LIMIT,
        ctx.me.id.toString(),
        Math.max(1, data.byteLength),
        uploadedTooMuch,
        () =>
          ctx.domain.uploads.create(ctx.me.id, {
            channelId: input.channelId,
            filename: input.filename,
            contentType: input.contentType ?? null,
            data,
          }),
      );
    }),

  /**
   * Takes back uploads the person made and has not sent (a file removed from the composer), so
   * they no longer count as waiting. Ids that are not theirs or were sent already are ignored.
   */
  remove: protectedProcedure
    .input(z.object({ uploadIds: z.array(zSnowflake).min(1).max(50) }))
    .mutation(async ({ ctx, input }) => {
      return { removed: await ctx.domain.uploads.remove(ctx.me.id, input.uploadIds) };
    }),
});
