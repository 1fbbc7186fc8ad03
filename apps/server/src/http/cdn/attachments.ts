import { type AttachmentUrlQuery, Errors, parseId } from "@chat/domain";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerContext } from "../../context";
import { attachmentDisposition } from "./content-disposition";

/**
 * The signature's parameters, and `download`: present (any value), the browser is told to save
 * the file rather than show it. The signature leaves it out: it changes how the same bytes are
 * handled, never which bytes, and a link of another origin cannot ask for a download otherwise
 * (browsers ignore the `download` attribute there).
 */
type FileQuery = AttachmentUrlQuery & { download?: unknown };
type AttachmentRequest = { Params: { channel: string; attachment: string; filename: string }; Querystring: FileQuery };
type EphemeralRequest = {
  Params: { application: string; attachment: string; filename: string };
  Querystring: FileQuery;
};

/** A file byte for byte, with headers that keep it private, uncached past its URL and inert; saved as `filename` when `download` was asked. */
function sendFile(
  reply: FastifyReply,
  file: { contentType: string | null; data: Uint8Array; secondsLeft: number },
  filename: string,
  query: FileQuery,
) {
  if (query.download !== undefined) reply.header("content-disposition", attachmentDisposition(filename));
  return (
    reply
      .header("content-type", file.contentType ?? "application/octet-stream")
      .header("content-length", file.data.byteLength)
      // No shared cache keeps it, and no cache keeps it past the URL's expiry.
      .header("cache-control", `private, max-age=${file.secondsLeft}`)
      .header("x-content-type-options", "nosniff")
      // A file is never run as a page of this origin (an uploaded .html or .svg stays inert).
      .header(
        "content-security-policy",
        "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength))
  );
}

/**
 * `{cdn}/attachments/{channel}/{attachment}/{filename}?ex=…&is=…&hm=…`: an uploaded file, byte
 * for byte as sent (spec rule 11), with its content type, through a URL signed in an answer
 * and valid for 24 hours; with `&download` as a download named after the file. Anything else (unsigned, tampered, expired, unknown) answers 404 code 0.
 */
export function registerAttachmentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<AttachmentRequest>("/attachments/:channel/:attachment/:filename", async (request, reply) => {
    const channelId = parseId(request.params.channel);
    const attachmentId = parseId(request.params.attachment);
    if (channelId === null || attachmentId === null) throw Errors.notFound();
    return sendFile(
      reply,
      await ctx.domain.messages.attachmentFile(channelId, attachmentId, request.params.filename, request.query),
      request.params.filename,
      request.query,
    );
  });

  /**
   * `{cdn}/ephemeral-attachments/{application}/{upload}/{filename}?ex=…&is=…&hm=…`: a file a
   * person gave a command's attachment option, for the command's application, through the URL
   * its interaction's `resolved.attachments` carries (valid for an hour); else 404 code 0.
   */
  app.get<EphemeralRequest>("/ephemeral-attachments/:application/:attachment/:filename", async (request, reply) => {
    const applicationId = parseId(request.params.application);
    const uploadId = parseId(request.params.attachment);
    if (applicationId === null || uploadId === null) throw Errors.notFound();
    return sendFile(
      reply,
      await ctx.domain.uploads.ephemeralFile(applicationId, uploadId, request.params.filename, request.query),
      request.params.filename,
      request.query,
    );
  });
}
