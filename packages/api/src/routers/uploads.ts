import { MESSAGE_FILES_BYTES_MAX } from "@chat/domain";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { protectedProcedure, router } from "../trpc";

const TOO_LARGE = `Files can be at most ${MESSAGE_FILES_BYTES_MAX / 1024 / 1024} MB.`;
/** Base64 of at most 25 MB (a little over, so the domain's own 40005 is what a slightly larger file gets). */
const BASE64_MAX = Math.ceil(MESSAGE_FILES_BYTES_MAX / 3) * 4 + 4;

export const uploadsRouter = router({
  /**
   * The person uploads a file to use in the channel (an attachment command option names it by
   * the answered id), its bytes as base64. Over 25 MB is refused with that said.
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
      const data = new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) as Uint8Array<ArrayBuffer>;
      return ctx.domain.uploads.create(ctx.me.id, { channelId: input.channelId, filename: input.filename, contentType: input.contentType ?? null, data });
    }),
});
