import { type AttachmentUrlQuery, Errors, parseId } from "@chat/domain";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context";

type AttachmentRequest = { Params: { channel: string; attachment: string; filename: string }; Querystring: AttachmentUrlQuery };

/**
 * `{cdn}/attachments/{channel}/{attachment}/{filename}?ex=…&is=…&hm=…`: an uploaded file, byte
 * for byte as sent (spec rule 11), with its content type, through a URL signed in an answer
 * and valid for 24 hours. Anything else (unsigned, tampered, expired, unknown) answers 404 code 0.
 */
export function registerAttachmentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<AttachmentRequest>("/attachments/:channel/:attachment/:filename", async (request, reply) => {
    const channelId = parseId(request.params.channel);
    const attachmentId = parseId(request.params.attachment);
    if (channelId === null || attachmentId === null) throw Errors.notFound();
    const file = await ctx.domain.messages.attachmentFile(channelId, attachmentId, request.params.filename, request.query);
    return reply
      .header("content-type", file.contentType ?? "application/octet-stream")
      .header("content-length", file.data.byteLength)
      // No shared cache keeps it, and no cache keeps it past the URL's expiry.
      .header("cache-control", `private, max-age=${file.secondsLeft}`)
      .header("x-content-type-options", "nosniff")
      // A file is never run as a page of this origin (an uploaded .html or .svg stays inert).
      .header("content-security-policy", "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
  });
}
