import type { RepeatRuleView } from "@chat/api";

/**
 * Repeat rules of scheduled events in plain words, and the rules behind the form's choices.
 *
 * The service evaluates a rule in UTC (spec: Scheduled events), on the UTC days of the event's
 * start. People pick and read rules in their own calendar: a Tuesday 20:00 event in California
 * starts on a Wednesday in UTC, so "every week on Tuesday" is stored as weekday 2 (Wednesday)
 * and read back as Tuesday. The reference platform's weekday sets for daily rules are exactly
 * the working week and the weekend shifted by a day either way, for this reason.
 *
 * Weekdays count from Monday = 0 to Sunday = 6, months from January = 1, as the rules do.
 */

export type RepeatChoice = "none" | "daily" | "weekdays" | "weekly" | "every-other-week" | "monthly" | "yearly";

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const ORDINALS = ["first", "second", "third", "fourth", "last"] as const;
const WORKING_WEEK = [0, 1, 2, 3, 4];
const DAY_MS = 24 * 60 * 60 * 1000;

interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** Monday = 0 */
  weekday: number;
}

const mod7 = (n: number) => ((n % 7) + 7) % 7;

function utcDay(date: Date): CalendarDay {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: mod7(date.getUTCDay() - 1),
  };
}

/** The calendar day of `date` where the person is (`timeZone`: the browser's own unless given). */
export function localDay(date: Date, timeZone?: string): CalendarDay {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const year = part("year");
  const month = part("month");
  const day = part("day");
  return { year, month, day, weekday: mod7(new Date(Date.UTC(year, month - 1, day)).getUTCDay() - 1) };
}

/** How many days the person's calendar is ahead of UTC's at `date`: -1, 0 or 1. */
function dayShift(date: Date, timeZone?: string): number {
  const local = localDay(date, timeZone);
  const utc = utcDay(date);
  return Math.round(
    (Date.UTC(local.year, local.month - 1, local.day) - Date.UTC(utc.year, utc.month - 1, utc.day)) / DAY_MS,
  );
}

const rule = (fields: Partial<RepeatRuleView> & Pick<RepeatRuleView, "frequency">): RepeatRuleView => ({
  interval: 1,
  by_weekday: null,
  by_n_weekday: null,
  by_month: null,
  by_month_day: null,
  ...fields,
});

/**
 * The rule for a choice and a start, in UTC as the service takes it; null for "none", and for
 * "weekdays" when the start is not on a working day (a series starts on one of its days).
 */
export function repeatRule(choice: RepeatChoice, start: Date, timeZone?: string): RepeatRuleView | null {
  const utc = utcDay(start);
  switch (choice) {
    case "none":
      return null;
    case "daily":
      return rule({ frequency: 3 });
    case "weekdays": {
      if (!WORKING_WEEK.includes(localDay(start, timeZone).weekday)) return null;
      const shift = dayShift(start, timeZone);
      return rule({ frequency: 3, by_weekday: WORKING_WEEK.map((d) => mod7(d - shift)) });
    }
    case "weekly":
    case "every-other-week":
      return rule({ frequency: 2, interval: choice === "weekly" ? 1 : 2, by_weekday: [utc.weekday] });
    case "monthly":
      return rule({ frequency: 1, by_n_weekday: [{ n: Math.ceil(utc.day / 7), day: utc.weekday }] });
    case "yearly":
      return rule({ frequency: 0, by_month: [utc.month], by_month_day: [utc.day] });
  }
}

/** The choice a stored rule was made with. */
export function repeatChoiceOf(repeat: RepeatRuleView | null): RepeatChoice {
  if (!repeat) return "none";
  switch (repeat.frequency) {
    case 3:
      return repeat.by_weekday ? "weekdays" : "daily";
    case 2:
      return repeat.interval === 2 ? "every-other-week" : "weekly";
    case 1:
      return "monthly";
    default:
      return "yearly";
  }
}

const CHOICES: RepeatChoice[] = ["none", "daily", "weekdays", "weekly", "every-other-week", "monthly", "yearly"];

/** What the form offers for a start, each in words ("Every month on the second Friday"). */
export function repeatChoices(start: Date, timeZone?: string): { choice: RepeatChoice; label: string }[] {
  return CHOICES.flatMap((choice): { choice: RepeatChoice; label: string }[] => {
    if (choice === "none") return [{ choice, label: "Does not repeat" }];
    const made = repeatRule(choice, start, timeZone);
    return made ? [{ choice, label: describeRepeat(made, start, timeZone) }] : [];
  });
}

/** "Monday to Friday", or "Friday and Saturday", for a run of consecutive weekdays. */
function weekdayRun(days: number[]): string {
  const set = new Set(days);
  const first = days.find((d) => !set.has(mod7(d - 1))) ?? days[0] ?? 0;
  const last = mod7(first + set.size - 1);
  return set.size === 2
    ? `${WEEKDAY_NAMES[first]} and ${WEEKDAY_NAMES[last]}`
    : `${WEEKDAY_NAMES[first]} to ${WEEKDAY_NAMES[last]}`;
}

/** The rule in plain words, in the person's calendar: "Every week on Tuesday", "Every month on the second Friday". */
export function describeRepeat(repeat: RepeatRuleView, start: Date, timeZone?: string): string {
  const shift = dayShift(start, timeZone);
  switch (repeat.frequency) {
    case 3: {
      if (!repeat.by_weekday) return "Every day";
      const days = repeat.by_weekday.map((d) => mod7(d + shift));
      const sorted = [...days].sort().join(",");
      if (sorted === WORKING_WEEK.join(",")) return "Every weekday (Monday to Friday)";
      if (sorted === "5,6") return "Every weekend (Saturday and Sunday)";
      return days.length === 2 ? `Every ${weekdayRun(days)}` : `Every day from ${weekdayRun(days)}`;
    }
    case 2: {
      const weekday = WEEKDAY_NAMES[mod7((repeat.by_weekday?.[0] ?? 0) + shift)];
      return repeat.interval === 2 ? `Every other week on ${weekday}` : `Every week on ${weekday}`;
    }
    case 1: {
      const entry = repeat.by_n_weekday?.[0] ?? { n: 1, day: 0 };
      const ordinal = entry.n >= 5 ? "last" : ORDINALS[Math.min(Math.ceil(localDay(start, timeZone).day / 7), 5) - 1];
      return `Every month on the ${ordinal} ${WEEKDAY_NAMES[mod7(entry.day + shift)]}`;
    }
    default: {
      const date = new Date(
        Date.UTC(2024, (repeat.by_month?.[0] ?? 1) - 1, repeat.by_month_day?.[0] ?? 1) + shift * DAY_MS,
      );
      return `Every year on ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}`;
    }
  }
}
