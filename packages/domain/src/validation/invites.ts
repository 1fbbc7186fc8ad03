import { z } from "zod";

/** Invite max_age: seconds, default one day, at most 30 days, 0 = never expires (spec: Limits). */
export const INVITE_DEFAULT_MAX_AGE = 86_400;
export const INVITE_MAX_AGE = 2_592_000;
/** Invite max_uses: at most 1000, 0 = unlimited. */
export const INVITE_MAX_USES = 1000;

/**
 * POST /channels/{channel}/invites. `temporary` and `unique` are accepted (every invite is
 * made new); the target fields of the reference platform are accepted and ignored.
 */
export const zInviteCreate = z.object({
  max_age: z
    .number()
    .int()
    .min(0, `int value should be greater than or equal to 0.`)
    .max(INVITE_MAX_AGE, `int value should be less than or equal to ${INVITE_MAX_AGE}.`)
    .nullish()
    .transform((v) => v ?? INVITE_DEFAULT_MAX_AGE),
  max_uses: z
    .number()
    .int()
    .min(0, `int value should be greater than or equal to 0.`)
    .max(INVITE_MAX_USES, `int value should be less than or equal to ${INVITE_MAX_USES}.`)
    .nullish()
    .transform((v) => v ?? 0),
  temporary: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  unique: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

export type InviteCreateInput = z.output<typeof zInviteCreate>;

/** A guild's vanity code: 2–32 lower-case letters, digits and hyphens; null removes it. */
export const zVanityCode = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, "Must be between 2 and 32 in length.")
  .max(32, "Must be between 2 and 32 in length.")
  .regex(/^[a-z0-9-]+$/, "Can only contain letters, numbers and hyphens.")
  .nullable();
