import { z } from "zod";
import { Errors } from "../errors";
import { zId } from "./common";
import { zEmbeds } from "./embeds";
import { zComponentRows, zMessageFlags } from "./message-components";

export const MESSAGE_CONTENT_MAX = 2000;
/** Files per message and their bytes together (spec: Limits). */
export const MESSAGE_FILES_MAX = 10;
export const MESSAGE_FILES_BYTES_MAX = 25 * 1024 * 1024;

const length = (max: number) => `Must be ${max} or fewer in length.`;

/** A reply (type 0). Forwarding (type 1) is unsupported: any other type is 50035. */
export const zMessageReference = z.object({
  message_id: zId,
  channel_id: zId.optional(),
  guild_id: zId.optional(),
  fail_if_not_exists: z.boolean().optional(),
  type: z.literal(0, "Forwarding messages is not supported.").optional(),
});

export const zAllowedMentions = z.object({
  parse: z.array(z.enum(["users", "roles", "everyone"])).optional(),
  users: z.array(zId).max(100, length(100)).optional(),
  roles: z.array(zId).max(100, length(100)).optional(),
  replied_user: z.boolean().optional(),
});

export type AllowedMentionsInput = z.output<typeof zAllowedMentions>;

/**
 * One `attachments` entry: `id` is the index n of a file sent as `files[n]` (filename and
 * description for it) or, on edit, the id of an attachment to keep.
 */
export const zAttachmentEntry = z.object({
  id: zId,
  filename: z.string().min(1).max(1024, length(1024)).optional(),
  description: z.string().max(1024, length(1024)).optional().nullable(),
});

export type AttachmentEntryInput = z.output<typeof zAttachmentEntry>;

const zContent = z.string().max(MESSAGE_CONTENT_MAX, length(MESSAGE_CONTENT_MAX));
const zAttachments = z.array(zAttachmentEntry).max(MESSAGE_FILES_MAX, length(MESSAGE_FILES_MAX));

/** Fields accepted when sending a message (spec: Message fields accepted on send and edit). */
export const zMessageCreate = z.object({
  content: zContent.optional().nullable(),
  nonce: z
    .union([z.string().max(25, length(25)), z.number().int()])
    .optional()
    .nullable(),
  tts: z.boolean().optional().nullable(),
  embeds: zEmbeds.optional().nullable(),
  components: zComponentRows.optional().nullable(),
  allowed_mentions: zAllowedMentions.optional().nullable(),
  message_reference: zMessageReference.optional().nullable(),
  flags: zMessageFlags.optional().nullable(),
  sticker_ids: z.array(z.unknown()).optional().nullable(),
  attachments: zAttachments.optional().nullable(),
  poll: z.unknown().optional(),
  enforce_nonce: z.boolean().optional().nullable(),
});

export type MessageCreateInput = z.output<typeof zMessageCreate>;

/** Fields accepted when editing (spec: Messages, PATCH). Absent fields stay as they are. */
export const zMessageEdit = z.object({
  content: zContent.optional().nullable(),
  embeds: zEmbeds.optional().nullable(),
  components: zComponentRows.optional().nullable(),
  flags: zMessageFlags.optional().nullable(),
  allowed_mentions: zAllowedMentions.optional().nullable(),
  attachments: zAttachments.optional().nullable(),
});

export type MessageEditInput = z.output<typeof zMessageEdit>;

/**
 * `parse` and an explicit list of the same kind exclude each other (the reference platform's
 * MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE, code 50035).
 */
export function checkAllowedMentions(allowed: AllowedMentionsInput | null | undefined): void {
  if (!allowed?.parse) return;
  for (const kind of ["users", "roles"] as const) {
    if (allowed.parse.includes(kind) && allowed[kind] !== undefined) {
      throw Errors.invalidForm({
        allowed_mentions: {
          _errors: [
            {
              code: "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
              message: `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
            },
          ],
        },
      });
    }
  }
}

export const zBulkDelete = z.object({
  messages: z
    .array(zId)
    .min(2, "Must be between 2 and 100 in length.")
    .max(100, "Must be between 2 and 100 in length."),
});

export const zMessageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, "Must be between 1 and 100.")
    .max(100, "Must be between 1 and 100.")
    .default(50),
  before: zId.optional(),
  after: zId.optional(),
  around: zId.optional(),
});
