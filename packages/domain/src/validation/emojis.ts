import { z } from "zod";

/** A custom emoji's name: 2–32 letters, digits and underscores. */
export const zEmojiName = z
  .string()
  .min(2, "Must be between 2 and 32 in length.")
  .max(32, "Must be between 2 and 32 in length.")
  .regex(/^[A-Za-z0-9_]+$/, "Can only contain letters, numbers and underscores.");

/** An emoji picture: at most 256 KB, like the reference platform. */
export const EMOJI_MAX_BYTES = 256 * 1024;

/** Custom emoji per guild: 50 still and 50 animated. */
export const EMOJI_LIMIT_PER_KIND = 50;
