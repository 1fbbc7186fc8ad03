import type { APIAttachment } from "discord-api-types/v10";
import { type AttachmentUrlQuery, signedPathSecondsLeft, signedQuery } from "../../attachment-links";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { MESSAGE_FILES_BYTES_MAX } from "../../validation";
import { maySendCommands } from "../interactions/command-use";
import { cleanFilename, contentTypeFor } from "../messages/message-files";
import type { MessageService } from "../messages/messages";
import { channelAccess } from "../shared/access";
import { type MessageUpload, sendWithUploads } from "./upload-message";
import { UploadQuota } from "./upload-quota";
import {
  EPHEMERAL_URL_VALIDITY_SECONDS,
  removeExpiredUploads,
  removeUnusedUploads,
  type UploadSummary,
} from "./upload-rows";

/** A file as the person's browser sent it. */
export interface NewUpload {
  channelId: bigint;
  filename: string;
  contentType: string | null;
  data: Uint8Array<ArrayBuffer>;
}

/** What the browser gets back: the id it names the file by, and the file as stored. */
export interface UploadView {
  id: string;
  filename: string;
  size: number;
  content_type: string | null;
}

const ephemeralPath = (applicationId: bigint, uploadId: bigint, filename: string) =>
  `ephemeral-attachments/${applicationId}/${uploadId}/${filename}`;

/** The attachment object an interaction's `resolved.attachments` carries for a used upload, its URL signed for an hour. */
export function ephemeralAttachment(ctx: DomainContext, applicationId: bigint, upload: UploadSummary): APIAttachment {
  const path = ephemeralPath(applicationId, upload.id, upload.filename);
  const url = `${ctx.urls.cdnUrl}/ephemeral-attachments/${applicationId}/${upload.id}/${encodeURIComponent(upload.filename)}${signedQuery(ctx, path, EPHEMERAL_URL_VALIDITY_SECONDS)}`;
  return {
    id: upload.id.toString(),
    filename: upload.filename,
    size: upload.size,
    url,
    proxy_url: url,
    ...(upload.contentType ? { content_type: upload.contentType } : {}),
    ephemeral: true,
  };
}

/**
 * Files people upload before using them (reference platform: an upload first, then its id in
 * the request): tied to the person and a channel they may send in, at most 25 MB, usable for an
 * hour. An attachment command option names one (option-values.ts); the application then gets it
 * at a signed `{cdn}/ephemeral-attachments/{application}/{upload}/{filename}` address.
 */
export class UploadService {
  private readonly quota: UploadQuota;

  constructor(
    private readonly ctx: DomainContext,
    private readonly messages?: MessageService,
  ) {
    this.quota = new UploadQuota(ctx.db);
  }

  /** The person's message with their uploads as its files (see sendWithUploads). */
  sendMessage(
    channelId: bigint,
    authorId: bigint,
    body: { content?: string; nonce?: string; message_reference?: { message_id: string } },
    uploads: MessageUpload[],
  ) {
    if (!this.messages) throw new Error("UploadService was made without messages");
    return sendWithUploads(this.ctx, this.messages, channelId, authorId, body, uploads);
  }

  /**
   * Stores a file for `userId` to use in the channel: 10003 for a channel they cannot see, 50013
   * without Send Messages, 40005 over 25 MB, 429 when too many of theirs wait unsent (upload-quota.ts).
   */
  async create(userId: bigint, input: NewUpload): Promise<UploadView> {
    const access = await channelAccess(this.ctx, input.channelId, userId);
    if (!maySendCommands(access) && access.guild !== null) throw Errors.missingPermissions();
    if (input.data.byteLength > MESSAGE_FILES_BYTES_MAX) throw Errors.requestTooLarge("Files can be at most 25 MB.");
    const filename = cleanFilename(input.filename);
    const contentType = contentTypeFor(filename, input.contentType);
    const row = await this.quota.store({
      uploaderId: userId,
      channelId: input.channelId,
      filename,
      contentType,
      size: input.data.byteLength,
      data: input.data,
    });
    return { id: row.id.toString(), filename: row.filename, size: row.size, content_type: row.contentType };
  }

  /** Takes back the person's uploads among `ids` that wait unsent (a file removed from the composer); others' and used ones stay. */
  remove(userId: bigint, ids: bigint[]): Promise<number> {
    return removeUnusedUploads(this.ctx.db, userId, ids);
  }

  /** A used upload's bytes through its signed address; anything else (bad or expired signature, unknown) is 404 code 0. */
  async ephemeralFile(applicationId: bigint, uploadId: bigint, filename: string, query: AttachmentUrlQuery) {
    const secondsLeft = signedPathSecondsLeft(
      this.ctx,
      ephemeralPath(applicationId, uploadId, filename),
      query,
      EPHEMERAL_URL_VALIDITY_SECONDS,
    );
    if (secondsLeft === null) throw Errors.notFound();
    const row = await this.ctx.db.upload.findFirst({
      where: { id: uploadId, applicationId, filename, usedAt: { not: null } },
      select: { contentType: true, data: true },
    });
    if (!row) throw Errors.notFound();
    return { contentType: row.contentType, data: row.data as Uint8Array<ArrayBuffer>, secondsLeft };
  }

  /** Housekeeping: uploads nobody can use or download any more. */
  removeExpired(): Promise<number> {
    return removeExpiredUploads(this.ctx.db);
  }
}
