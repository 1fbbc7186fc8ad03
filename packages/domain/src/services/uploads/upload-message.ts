import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { MESSAGE_FILES_MAX } from "../../validation";
import { checkFileLimits } from "../messages/message-files";
import type { MessageService, UploadedFile } from "../messages/messages";
import { UPLOAD_UNUSED_SECONDS } from "./upload-rows";

/** One of the person's uploads to send with a message, with its description (alt text). */
export interface MessageUpload {
  id: bigint;
  description?: string | null;
}

interface ClaimedUpload {
  id: bigint;
  filename: string;
  contentType: string | null;
  size: number;
}

/**
 * A person's message with files uploaded beforehand (the web app uploads each file with
 * progress, then sends): the uploads become the message's files exactly as a bot's multipart
 * `files[n]` do, through the same MessageService.create (limits 40005, permissions, events).
 * Only the sender's own fresh, unused uploads for this channel are taken; any other id is
 * refused (50035) before anything is sent. The uploads are claimed first, so the same one
 * cannot be sent twice at once, given back if the message is refused, and removed once sent.
 */
export async function sendWithUploads(
  ctx: DomainContext,
  messages: MessageService,
  channelId: bigint,
  authorId: bigint,
  body: { content?: string; nonce?: string; message_reference?: { message_id: string } },
  uploads: MessageUpload[],
) {
  if (uploads.length > MESSAGE_FILES_MAX) checkFileLimits(uploads.length, 0);
  const ids = uploads.map((u) => u.id);
  if (new Set(ids.map(String)).size !== ids.length) throw unknownUploads(uploads, new Set(ids.map(String)));
  const claimed =
    ids.length === 0
      ? []
      : await ctx.db.$queryRaw<ClaimedUpload[]>`
    UPDATE "Upload" SET "usedAt" = clock_timestamp()
    WHERE "id" = ANY(${ids}::bigint[]) AND "uploaderId" = ${authorId} AND "channelId" = ${channelId} AND "usedAt" IS NULL
      AND "applicationId" IS NULL AND "createdAt" > clock_timestamp() - make_interval(secs => ${UPLOAD_UNUSED_SECONDS})
    RETURNING "id", "filename", "contentType", "size"`;
  const byId = new Map(claimed.map((row) => [row.id.toString(), row]));
  const release = () =>
    claimed.length === 0
      ? Promise.resolve(0)
      : ctx.db.$executeRaw`UPDATE "Upload" SET "usedAt" = NULL WHERE "id" = ANY(${claimed.map((c) => c.id)}::bigint[])`;
  if (claimed.length !== ids.length) {
    await release();
    throw unknownUploads(uploads, new Set(byId.keys()));
  }
  // The 25 MB together is checked on the sizes, before any file's bytes are read.
  try {
    checkFileLimits(
      claimed.length,
      claimed.reduce((sum, row) => sum + row.size, 0),
    );
  } catch (error) {
    await release();
    throw error;
  }
  const bytes =
    claimed.length === 0
      ? []
      : await ctx.db.upload.findMany({
          where: { id: { in: claimed.map((c) => c.id) } },
          select: { id: true, data: true },
        });
  const dataById = new Map(bytes.map((row) => [row.id.toString(), row.data]));
  const files: UploadedFile[] = uploads.map((u, index) => {
    const row = byId.get(u.id.toString()) as ClaimedUpload;
    return {
      index,
      filename: row.filename,
      contentType: row.contentType,
      data: new Uint8Array(dataById.get(row.id.toString()) ?? new Uint8Array()) as Uint8Array<ArrayBuffer>,
    };
  });
  const attachments = uploads.map((u, index) => ({
    id: String(index),
    description: u.description?.trim() || undefined,
  }));
  let message: Awaited<ReturnType<MessageService["create"]>>;
  try {
    message = await messages.create(
      channelId,
      authorId,
      { ...body, ...(files.length > 0 ? { attachments } : {}) },
      { files },
    );
  } catch (error) {
    await release();
    throw error;
  }
  if (claimed.length > 0) await ctx.db.upload.deleteMany({ where: { id: { in: claimed.map((c) => c.id) } } });
  return message;
}

/** 50035 naming each upload that is not the sender's to use here (another's, used, expired, repeated). */
function unknownUploads(uploads: MessageUpload[], usable: Set<string>) {
  const seen = new Set<string>();
  const errors: Record<string, { id: { _errors: { code: string; message: string }[] } }> = {};
  uploads.forEach((u, index) => {
    const key = u.id.toString();
    if (!usable.has(key) || seen.has(key))
      errors[String(index)] = {
        id: { _errors: [{ code: "UPLOAD_UNKNOWN", message: "Unknown upload: upload the file again" }] },
      };
    seen.add(key);
  });
  return Errors.invalidForm({ attachments: errors });
}
