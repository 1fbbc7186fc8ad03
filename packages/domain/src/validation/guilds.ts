import { z } from "zod";
import { zId } from "./common";

export const GUILD_LIST_MAX = 200;

/** GET /users/@me/guilds: `limit` 1–200 (default 200), paged by `before` or `after` (spec: Guild list 200 per call). */
export const zGuildListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, `Must be between 1 and ${GUILD_LIST_MAX}.`)
    .max(GUILD_LIST_MAX, `Must be between 1 and ${GUILD_LIST_MAX}.`)
    .default(GUILD_LIST_MAX),
  before: zId.optional(),
  after: zId.optional(),
});

export type GuildListQuery = z.output<typeof zGuildListQuery>;

/** A boolean query flag as clients send it: `true`/`false` (any case) or `1`/`0`. */
export const zQueryFlag = z.union([z.boolean(), z.string()]).transform((value, ctx) => {
  if (typeof value === "boolean") return value;
  const text = value.toLowerCase();
  if (text === "true" || text === "1") return true;
  if (text === "false" || text === "0") return false;
  ctx.addIssue({ code: "custom", message: "Must be either true or false." });
  return z.NEVER;
});

/** GET /guilds/{guild}: `with_counts=true` adds the approximate member and presence counts. */
export const zGuildGetQuery = z.object({ with_counts: zQueryFlag.optional() });

/** A guild's settings as people change them in the app: name 2–100, description up to 120 (or null). */
export const zGuildSettings = z
  .object({
    name: z
      .string()
      .trim()
      .min(2, "Must be between 2 and 100 in length.")
      .max(100, "Must be between 2 and 100 in length.")
      .optional(),
    description: z.string().max(120, "Must be 120 or fewer in length.").nullable().optional(),
  })
  .strict();
