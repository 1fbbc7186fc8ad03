import { z } from "zod";

export const THREAD_NAME_MAX = 100;
/** The reference platform's auto-archive durations, in minutes. */
export const THREAD_AUTO_ARCHIVE_DURATIONS = [60, 1440, 4320, 10080] as const;

const lengthMessage = `Must be between 1 and ${THREAD_NAME_MAX} in length.`;
const zThreadName = z.string().min(1, lengthMessage).max(THREAD_NAME_MAX, lengthMessage);
const zAutoArchive = z
  .union(
    THREAD_AUTO_ARCHIVE_DURATIONS.map((d) => z.literal(d)),
    { error: `Value must be one of {${THREAD_AUTO_ARCHIVE_DURATIONS.join(", ")}}.` },
  )
  .nullish();

/** POST /channels/{channel}/messages/{message}/threads. */
export const zThreadFromMessage = z.object({
  name: zThreadName,
  auto_archive_duration: zAutoArchive,
  rate_limit_per_user: z.number().int().min(0).max(21600).nullish(),
});

/** POST /channels/{channel}/threads: public threads only (rule 5), so `type` is 11 or absent. */
export const zThreadCreate = zThreadFromMessage.extend({
  type: z.literal(11, { error: "Only public threads (11) can be created." }).nullish(),
  invitable: z.boolean().nullish(),
});

export type ThreadCreateInput = z.output<typeof zThreadCreate>;

const THREAD_EDITABLE = new Set(["name", "archived"]);

/**
 * PATCH /channels/{thread}: only `name` and `archived` (spec: Channels); any other field
 * given a value is refused by name (50035).
 */
export const zThreadEdit = z
  .object({
    name: zThreadName.optional(),
    archived: z.boolean().optional(),
  })
  .catchall(z.unknown())
  .superRefine((value, ctx) => {
    for (const [key, v] of Object.entries(value)) {
      if (!THREAD_EDITABLE.has(key) && v !== undefined && v !== null) {
        ctx.addIssue({ code: "custom", path: [key], message: "Only name and archived can be changed on a thread." });
      }
    }
  })
  .transform(({ name, archived }) => ({ name, archived }));

export type ThreadEditInput = z.output<typeof zThreadEdit>;
