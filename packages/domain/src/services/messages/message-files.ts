import type { PublicUrls } from "../../config";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { unsignedAttachmentUrl, withoutQuery } from "../../attachment-links";
import { type AttachmentEntryInput, MESSAGE_FILES_BYTES_MAX, MESSAGE_FILES_MAX } from "../../validation";

/** A file sent with a message: `files[index]` of a multipart body, bytes as sent (spec rule 11). */
export interface UploadedFile {
  index: number;
  filename: string;
  contentType: string | null;
  data: Uint8Array<ArrayBuffer>;
}

/** A new Attachment row, ready to be written with its message. */
export interface NewAttachment {
  filename: string;
  description: string | null;
  contentType: string | null;
  size: number;
  data: Uint8Array<ArrayBuffer>;
}

/** At most 10 files and 25 MB together (40005, HTTP 413). */
export function checkFileLimits(count: number, bytes: number): void {
  if (count > MESSAGE_FILES_MAX || bytes > MESSAGE_FILES_BYTES_MAX) throw Errors.requestTooLarge();
}

/** The last path segment of a sent name, without control characters; never empty. */
export function cleanFilename(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return base === "" || base === "." || base === ".." ? "unknown" : base.slice(0, 1024);
}

const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
  pdf: "application/pdf",
  zip: "application/zip",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  wav: "audio/wav",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

/** A media type with optional parameters, in printable ASCII only (what a Content-Type header may say). */
const MEDIA_TYPE = /^[a-z0-9.+-]+\/[a-z0-9.+-]+(;[\x20-\x7e]*)?$/;

/**
 * The declared type when it says something, else one known from the name's extension, else
 * the declared type if it is one at all. A declared value that is no media type (control
 * characters, NUL) is dropped rather than stored.
 */
export function contentTypeFor(filename: string, declared: string | null): string | null {
  const given = declared?.trim().toLowerCase() ?? "";
  const wellFormed = MEDIA_TYPE.test(given);
  if (wellFormed && given !== "application/octet-stream") return given;
  const extension = filename.includes(".") ? filename.split(".").pop()?.toLowerCase() : undefined;
  return (extension ? TYPES[extension] : undefined) || (wellFormed ? given : null);
}

/**
 * The new files as rows: an `attachments` entry whose id is the file's index n (`files[n]`)
 * names it and describes it; a file without an entry keeps the name it was sent with.
 */
export function newAttachments(
  files: UploadedFile[],
  entries: AttachmentEntryInput[] | null | undefined,
): NewAttachment[] {
  return files.map((file) => {
    const entry = entries?.find((e) => e.id === BigInt(file.index));
    const filename = cleanFilename(entry?.filename ?? file.filename);
    return {
      filename,
      description: entry?.description ?? null,
      contentType: contentTypeFor(filename, file.contentType),
      size: file.data.byteLength,
      data: file.data,
    };
  });
}

/**
 * Embeds as stored: every `attachment://<filename>` value (spec: embeds), and any signed
 * address of one of the message's own files (a bot re-sending a received embed), become that
 * file's unsigned address, which each answer signs afresh (signEmbedAttachmentUrls). A
 * reference to no file of the message stays as written.
 */
export function resolveEmbedAttachments(
  embeds: unknown[],
  attachments: { id: bigint; filename: string }[],
  channelId: bigint,
  urls: PublicUrls,
): unknown[] {
  if (attachments.length === 0) return embeds;
  const ownFiles = new Set(attachments.map((a) => unsignedAttachmentUrl(urls, channelId, a)));
  const replace = (value: unknown): unknown => {
    if (typeof value === "string" && value.startsWith("attachment://")) {
      const target = attachments.find((a) => a.filename === value.slice("attachment://".length));
      return target ? unsignedAttachmentUrl(urls, channelId, target) : value;
    }
    if (typeof value === "string" && ownFiles.has(withoutQuery(value))) return withoutQuery(value);
    if (Array.isArray(value)) return value.map(replace);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v)]));
    return value;
  };
  return embeds.map(replace);
}

/** A stored file's bytes and type, if `attachmentId` is in `channelId` and named `filename`; else 404 code 0. */
export async function loadAttachmentFile(
  ctx: DomainContext,
  channelId: bigint,
  attachmentId: bigint,
  filename: string,
): Promise<{ contentType: string | null; data: Uint8Array }> {
  const row = await ctx.db.attachment.findUnique({
    where: { id: attachmentId },
    select: { filename: true, contentType: true, data: true, message: { select: { channelId: true } } },
  });
  if (!row || row.message.channelId !== channelId || row.filename !== filename) throw Errors.notFound();
  return { contentType: row.contentType, data: row.data };
}
