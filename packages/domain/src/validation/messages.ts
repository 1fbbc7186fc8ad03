import { z } from "zod";
import { zId } from "./common";
import { zComponentRows, zEmbeds } from "./embeds";

export const MESSAGE_CONTENT_MAX = 2000;

export const zMessageReference = z.object({
  message_id: zId,
  channel_id: zId.optional(),
  guild_id: zId.optional(),
  fail_if_not_exists: z.boolean().optional(),
  type: z.literal(0).optional(),
});

export const zAllowedMentions = z.object({
  parse: z.array(z.enum(["users", "roles", "everyone"])).optional(),
  users: z.array(zId).max(100).optional(),
  roles: z.array(zId).max(100).optional(),
  replied_user: z.boolean().optional(),
});

/** Fields accepted when sending a message (spec: Message fields accepted on send and edit). */
export const zMessageCreate = z.object({
  content: z.string().max(MESSAGE_CONTENT_MAX, `Must be ${MESSAGE_CONTENT_MAX} or fewer in length.`).optional().nullable(),
  nonce: z.union([z.string().max(25, "Must be 25 or fewer in length."), z.number().int()]).optional().nullable(),
  tts: z.boolean().optional().nullable(),
  embeds: zEmbeds.optional().nullable(),
  components: zComponentRows.optional().nullable(),
  allowed_mentions: zAllowedMentions.optional().nullable(),
  message_reference: zMessageReference.optional().nullable(),
  flags: z.number().int().min(0).optional().nullable(),
  sticker_ids: z.array(z.unknown()).optional().nullable(),
  attachments: z.array(z.unknown()).optional().nullable(),
  poll: z.unknown().optional(),
  enforce_nonce: z.boolean().optional().nullable(),
});

export type MessageCreateInput = z.output<typeof zMessageCreate>;

export const zMessageQuery = z.object({
  limit: z.coerce.number().int().min(1, "Must be between 1 and 100.").max(100, "Must be between 1 and 100.").default(50),
  before: zId.optional(),
  after: zId.optional(),
  around: zId.optional(),
});
