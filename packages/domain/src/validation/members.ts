import { z } from "zod";
import { zId } from "./common";

/** Member list and search, and the ban list: 1–1000 per call (spec: Limits). */
export const MEMBER_LIST_MAX = 1000;

const between = `Must be between 1 and ${MEMBER_LIST_MAX}.`;
const zLimit = (fallback: number) =>
  z.coerce.number().int().min(1, between).max(MEMBER_LIST_MAX, between).default(fallback);

/** GET /guilds/{guild}/members: `limit` 1–1000 (default 1), `after` a user id; ordered by user id. */
export const zMemberListQuery = z.object({ limit: zLimit(1), after: zId.optional() });

/** GET /guilds/{guild}/members/search: `query` (start of a username or display name) is required. */
export const zMemberSearchQuery = z.object({
  query: z
    .string({ error: "This field is required" })
    .min(1, "Must be between 1 and 100 in length.")
    .max(100, "Must be between 1 and 100 in length."),
  limit: zLimit(1),
});

/** A field the service cannot change on a member: accepted only as null (spec: Members, PATCH). */
const zOnlyNull = z
  .unknown()
  .optional()
  .refine((value) => value === null || value === undefined, "This field cannot be changed.");

/**
 * PATCH /guilds/{guild}/members/{user}: only `roles`. The others the reference platform
 * knows fail with 50035 unless null.
 */
export const zMemberEdit = z.object({
  roles: z.array(zId).max(250, "Must be 250 or fewer in length.").nullable().optional(),
  nick: zOnlyNull,
  mute: zOnlyNull,
  deaf: zOnlyNull,
  channel_id: zOnlyNull,
  communication_disabled_until: zOnlyNull,
});

export type MemberEditInput = z.output<typeof zMemberEdit>;

/** GET /guilds/{guild}/bans: `limit` 1–1000 (default 1000), `before` / `after` user ids. */
export const zBanListQuery = z.object({
  limit: zLimit(MEMBER_LIST_MAX),
  before: zId.optional(),
  after: zId.optional(),
});

/** PUT /guilds/{guild}/bans/{user}: `delete_message_seconds` (0–604800) is accepted and ignored (spec: Bans). */
export const zBanCreate = z.object({
  delete_message_seconds: z.number().int().min(0).max(604800).nullable().optional(),
  delete_message_days: z.number().int().min(0).max(7).nullable().optional(),
});
