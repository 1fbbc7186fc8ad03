import { z } from "zod";
import { zId } from "./common";

const NAME_LENGTH = "Must be between 2 and 32 in length.";
/** Words and characters the reference platform refuses in usernames. */
const FORBIDDEN_NAMES = new Set(["everyone", "here"]);

/**
 * A bot's username as PATCH /users/@me takes it: 2–32 characters, no `@`, `#`, `:` or
 * code fences, not "everyone"/"here". It also becomes the application's name.
 */
export const zBotUsername = z
  .string()
  .trim()
  .min(2, NAME_LENGTH)
  .max(32, NAME_LENGTH)
  .refine((name) => !/[@#:]|```/.test(name), "Username cannot contain @, #, : or ```.")
  .refine((name) => !FORBIDDEN_NAMES.has(name.toLowerCase()), "Username is not allowed.");

/** PATCH /users/@me: `username`, `avatar` (image data, or null to remove it). */
export const zBotUserPatch = z.object({
  username: zBotUsername.optional(),
  avatar: z.union([z.string(), z.null()]).optional(),
});

export type BotUserPatch = z.output<typeof zBotUserPatch>;

/** POST /users/@me/channels (spec: Bot DM open request). */
export const zDmOpen = z.object({ recipient_id: zId });

const DISPLAY_NAME_LENGTH = "Must be between 1 and 32 in length.";

/** A person's own profile: `global_name` (1–32 characters; empty or null clears it), `avatar` (image data, or null to remove it). */
export const zPersonProfilePatch = z.object({
  global_name: z
    .union([z.string().trim().max(32, DISPLAY_NAME_LENGTH), z.null()])
    .transform((name) => (name ? name : null))
    .optional(),
  avatar: z.union([z.string(), z.null()]).optional(),
});
