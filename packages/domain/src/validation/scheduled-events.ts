import { z } from "zod";
import { Errors, type FieldErrors } from "../errors";
import { knownDailySet, occursOn, type Recurrence } from "../services/scheduled-events/recurrence";
import { zId } from "./common";
import { zQueryFlag } from "./guilds";
import { type DecodedPicture, decodePicture } from "./pictures";

/** Spec: Limits. */
export const SCHEDULED_EVENTS_PER_GUILD_MAX = 100;
export const EVENT_COVER_MAX_BYTES = 8 * 1024 * 1024;
export const EVENT_USERS_LIST_MAX = 100;
/** A request carrying an 8 MB cover as base64 image data, plus the other fields. */
export const EVENT_BODY_LIMIT = 12 * 1024 * 1024;

const length = (min: number, max: number) => `Must be between ${min} and ${max} in length.`;

/** An ISO 8601 time; without a zone it is taken as UTC. */
export const zIsoTime = z.string().transform((value, ctx) => {
  const match = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(value.trim());
  const time = match ? Date.parse(match[3] ? value.trim() : `${value.trim()}Z`) : Number.NaN;
  if (Number.isNaN(time)) {
    ctx.addIssue({ code: "custom", message: `Could not parse ${JSON.stringify(value)}. Should be ISO8601.` });
    return z.NEVER;
  }
  return new Date(time);
});

const zWeekday = z.number().int().min(0).max(6);
const cannotBeSet = "This field cannot be set.";

/**
 * `recurrence_rule` in the reference platform's shapes: daily (optionally on a known set of
 * weekdays), weekly or every other week on one day, monthly on the nth weekday, yearly on a
 * date. Its own `start` is ignored (the event's start is used); `end`, `count` and
 * `by_year_day` cannot be set.
 */
export const zRecurrenceRule = z
  .object({
    start: z.unknown().optional(),
    end: z.null(cannotBeSet).optional(),
    count: z.null(cannotBeSet).optional(),
    by_year_day: z.null(cannotBeSet).optional(),
    frequency: z.number().int().min(0).max(3),
    interval: z.number().int().min(1).nullish(),
    by_weekday: z.array(zWeekday).max(7).nullish(),
    by_n_weekday: z
      .array(z.object({ n: z.number().int().min(1).max(5), day: zWeekday }))
      .max(7)
      .nullish(),
    by_month: z.array(z.number().int().min(1).max(12)).max(12).nullish(),
    by_month_day: z.array(z.number().int().min(1).max(31)).max(31).nullish(),
  })
  .transform((rule, ctx): Recurrence => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    const interval = rule.interval ?? 1;
    const weekdays = rule.by_weekday ?? null;
    const nWeekdays = rule.by_n_weekday ?? null;
    const months = rule.by_month ?? null;
    const monthDays = rule.by_month_day ?? null;
    const onlyFor = (present: unknown, path: string, what: string) => {
      if (present !== null) problem(path, `Only valid for ${what} events.`);
    };
    switch (rule.frequency) {
      case 3: {
        onlyFor(nWeekdays, "by_n_weekday", "monthly");
        onlyFor(months, "by_month", "yearly");
        onlyFor(monthDays, "by_month_day", "yearly");
        if (interval !== 1) problem("interval", "Must be 1 for daily events.");
        const set = weekdays === null ? null : knownDailySet(weekdays);
        if (weekdays !== null && set === null)
          problem("by_weekday", "Must be one of the known sets of weekdays for daily events.");
        return { frequency: 3, interval: 1, by_weekday: set };
      }
      case 2: {
        onlyFor(nWeekdays, "by_n_weekday", "monthly");
        onlyFor(months, "by_month", "yearly");
        onlyFor(monthDays, "by_month_day", "yearly");
        if (interval !== 1 && interval !== 2) problem("interval", "Must be 1 or 2 for weekly events.");
        if (weekdays?.length !== 1) problem("by_weekday", "Weekly events recur on exactly one weekday.");
        return { frequency: 2, interval: interval === 2 ? 2 : 1, by_weekday: [weekdays?.[0] ?? 0] };
      }
      case 1: {
        onlyFor(weekdays, "by_weekday", "daily and weekly");
        onlyFor(months, "by_month", "yearly");
        onlyFor(monthDays, "by_month_day", "yearly");
        if (interval !== 1) problem("interval", "Must be 1 for monthly events.");
        if (nWeekdays?.length !== 1)
          problem("by_n_weekday", "Monthly events recur on exactly one weekday of one week.");
        const entry = nWeekdays?.[0] ?? { n: 1, day: 0 };
        return { frequency: 1, interval: 1, by_n_weekday: [{ n: entry.n, day: entry.day }] };
      }
      default: {
        onlyFor(weekdays, "by_weekday", "daily and weekly");
        onlyFor(nWeekdays, "by_n_weekday", "monthly");
        if (interval !== 1) problem("interval", "Must be 1 for yearly events.");
        if (months?.length !== 1) problem("by_month", "Yearly events recur on exactly one month.");
        if (monthDays?.length !== 1) problem("by_month_day", "Yearly events recur on exactly one day of the month.");
        const month = months?.[0] ?? 1;
        const day = monthDays?.[0] ?? 1;
        // 29 February is a date (it recurs in leap years); 30 February or 31 April are not.
        if (months?.length === 1 && monthDays?.length === 1 && day > new Date(Date.UTC(2024, month, 0)).getUTCDate()) {
          problem("by_month_day", "That month has no such day.");
        }
        return { frequency: 0, interval: 1, by_month: [month], by_month_day: [day] };
      }
    }
  });

const zName = z.string().min(1, length(1, 100)).max(100, length(1, 100));
const zDescription = z.string().max(1000, "Must be 1000 or fewer in length.");
const zPrivacy = z.literal(2, "Only guild-only events (privacy_level 2) are supported.");
const zEntityType = z.union([z.literal(2), z.literal(3)], {
  error: "Only voice-channel (2) and somewhere-else (3) events are supported.",
});
const zMetadata = z.object({ location: z.string().min(1, length(1, 100)).max(100, length(1, 100)).nullish() });

/** POST /guilds/{guild}/scheduled-events. */
export const zScheduledEventCreate = z.object({
  name: zName,
  description: zDescription.nullish(),
  scheduled_start_time: zIsoTime,
  scheduled_end_time: zIsoTime.nullish(),
  privacy_level: zPrivacy,
  entity_type: zEntityType,
  channel_id: zId.nullish(),
  entity_metadata: zMetadata.nullish(),
  image: z.string().nullish(),
  recurrence_rule: zRecurrenceRule.nullish(),
});

export type ScheduledEventCreateInput = z.output<typeof zScheduledEventCreate>;

/** PATCH /guilds/{guild}/scheduled-events/{event}: absent fields stay as they are. */
export const zScheduledEventEdit = z.object({
  name: zName.optional(),
  description: zDescription.nullish(),
  scheduled_start_time: zIsoTime.optional(),
  scheduled_end_time: zIsoTime.nullish(),
  privacy_level: zPrivacy.optional(),
  entity_type: zEntityType.nullish(),
  channel_id: zId.nullish(),
  entity_metadata: zMetadata.nullish(),
  image: z.string().nullish(),
  recurrence_rule: zRecurrenceRule.nullish(),
  status: z.number().int().nullish(),
});

export type ScheduledEventEditInput = z.output<typeof zScheduledEventEdit>;

export const zScheduledEventListQuery = z.object({ with_user_count: zQueryFlag.optional() });

export const zScheduledEventUsersQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, `Must be between 1 and ${EVENT_USERS_LIST_MAX}.`)
    .max(EVENT_USERS_LIST_MAX, `Must be between 1 and ${EVENT_USERS_LIST_MAX}.`)
    .default(EVENT_USERS_LIST_MAX),
  before: zId.optional(),
  after: zId.optional(),
  with_member: zQueryFlag.optional(),
});

/** What an event will be once a create or edit applies; checked as a whole. */
export interface EventPlan {
  entityType: 2 | 3;
  channelId: bigint | null;
  location: string | null;
  start: Date;
  end: Date | null;
  recurrence: Recurrence | null;
}

/**
 * The rules between fields (reference: field requirements by entity type): a voice-channel
 * event needs a channel; a somewhere-else event needs a location and an end and no channel;
 * the start (when set now) lies in the future; the end comes after the start; the start
 * falls on one of the recurrence rule's days. Throws 50035 naming the fields.
 */
export function checkEventPlan(
  plan: EventPlan,
  now: Date,
  options: { startSet: boolean; locationGiven: boolean },
): void {
  const errors: FieldErrors = {};
  const leaf = (message: string, code = "BASE_TYPE_INVALID") => ({ _errors: [{ code, message }] });
  if (plan.entityType === 2) {
    if (plan.channelId === null)
      errors.channel_id = leaf("A voice-channel event needs a channel.", "BASE_TYPE_REQUIRED");
    if (options.locationGiven) errors.entity_metadata = leaf("A voice-channel event has no location.");
  } else {
    if (plan.channelId !== null) errors.channel_id = leaf("A somewhere-else event has no channel.");
    if (!plan.location)
      errors.entity_metadata = { location: leaf("A somewhere-else event needs a location.", "BASE_TYPE_REQUIRED") };
    if (!plan.end) errors.scheduled_end_time = leaf("A somewhere-else event needs an end time.", "BASE_TYPE_REQUIRED");
  }
  if (options.startSet && plan.start.getTime() <= now.getTime())
    errors.scheduled_start_time = leaf("Cannot schedule event in the past.");
  if (plan.end && plan.end.getTime() <= plan.start.getTime())
    errors.scheduled_end_time ??= leaf("Cannot schedule event to end before starting.");
  if (plan.recurrence && !occursOn(plan.recurrence, plan.start)) {
    errors.recurrence_rule = leaf("The event's start does not fall on a day of its recurrence rule.");
  }
  if (Object.keys(errors).length > 0) throw Errors.invalidForm(errors);
}

/** An event cover (image data, at most 8 MB decoded), or 50035 on `image`. */
export function decodeEventCover(input: string): DecodedPicture {
  const decoded = decodePicture(input, EVENT_COVER_MAX_BYTES);
  if ("problem" in decoded)
    throw Errors.invalidForm({ image: { _errors: [{ code: "IMAGE_INVALID", message: decoded.problem }] } });
  return decoded;
}
