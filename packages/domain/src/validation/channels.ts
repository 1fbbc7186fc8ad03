import { z } from "zod";
import { parsePermissionBits } from "../permissions";
import { zId } from "./common";

export const CHANNEL_NAME_MAX = 100;
export const CHANNEL_TOPIC_MAX = 1024;
export const OVERWRITES_MAX = 100;

/** Permission bits written as a decimal string or a number (the reference accepts both). */
const zOverwriteBits = z
  .union([z.string(), z.number()])
  .nullable()
  .transform((value, ctx) => {
    if (value === null) return 0n;
    const bits = parsePermissionBits(value);
    if (bits === null) {
      ctx.addIssue({ code: "custom", message: "Must be a permission integer." });
      return z.NEVER;
    }
    return bits;
  });

/** 0 a role (the guild id is @everyone), 1 a member. */
export const zOverwriteType = z.union([z.literal(0), z.literal(1)], { error: "Value must be one of {0, 1}." });

/** PUT /channels/{channel}/permissions/{overwrite} (spec: Permission overwrite (request)). */
export const zOverwritePut = z.object({
  type: zOverwriteType,
  allow: zOverwriteBits.optional().transform((v) => v ?? 0n),
  deny: zOverwriteBits.optional().transform((v) => v ?? 0n),
});

/** One entry of `permission_overwrites` on channel create and edit. */
export const zOverwriteEntry = zOverwritePut.extend({ id: zId });

export type OverwriteEntry = z.output<typeof zOverwriteEntry>;

const zOverwriteList = z.array(zOverwriteEntry).max(OVERWRITES_MAX, `Must be ${OVERWRITES_MAX} or fewer in length.`);

const lengthMessage = `Must be between 1 and ${CHANNEL_NAME_MAX} in length.`;
const zChannelName = z.string().min(1, lengthMessage).max(CHANNEL_NAME_MAX, lengthMessage);
const zTopic = z.string().max(CHANNEL_TOPIC_MAX, `Must be ${CHANNEL_TOPIC_MAX} or fewer in length.`).nullable();

/**
 * A text channel's name as the reference platform stores it: lower-cased, runs of spaces
 * become one dash (spec: "lower-cased, spaces become dashes"). Voice channels keep theirs.
 */
export function normaliseTextChannelName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

/** POST /guilds/{guild}/channels: text (0) or voice (2); categories cannot be created. */
export const zChannelCreate = z.object({
  type: z
    .union([z.literal(0), z.literal(2)], { error: "Value must be one of {0, 2}." })
    .nullish()
    .transform((v) => v ?? 0),
  name: zChannelName,
  topic: zTopic.optional(),
  nsfw: z.boolean().nullish(),
  parent_id: zId.nullish(),
  permission_overwrites: zOverwriteList.nullish(),
});

export type ChannelCreateInput = z.output<typeof zChannelCreate>;

/** PATCH /channels/{channel} for a text or voice channel; fields not listed are ignored. */
export const zChannelEdit = z.object({
  name: zChannelName.optional(),
  topic: zTopic.optional(),
  nsfw: z.boolean().nullish(),
  parent_id: zId.nullable().optional(),
  permission_overwrites: zOverwriteList.nullish(),
});

export type ChannelEditInput = z.output<typeof zChannelEdit>;
