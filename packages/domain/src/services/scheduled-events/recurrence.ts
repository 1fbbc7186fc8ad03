/**
 * Recurrence of scheduled events, in the reference platform's shapes and evaluated in UTC
 * (spec: Scheduled events). Pure functions: no storage, no clock.
 *
 * Weekdays count from Monday = 0 to Sunday = 6; months from January = 1.
 */

export const Frequency = { Yearly: 0, Monthly: 1, Weekly: 2, Daily: 3 } as const;
export type FrequencyValue = (typeof Frequency)[keyof typeof Frequency];

/** The rule as stored: the shape's own fields only. The event's start is the rule's start. */
export type Recurrence =
  | { frequency: 3; interval: 1; by_weekday: number[] | null }
  | { frequency: 2; interval: 1 | 2; by_weekday: [number] }
  | { frequency: 1; interval: 1; by_n_weekday: [{ n: number; day: number }] }
  | { frequency: 0; interval: 1; by_month: [number]; by_month_day: [number] };

/** The weekday sets a daily rule may be restricted to (reference platform's "known sets"). */
export const DAILY_WEEKDAY_SETS: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4],
  [1, 2, 3, 4, 5],
  [6, 0, 1, 2, 3],
  [4, 5],
  [5, 6],
  [6, 0],
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday = 0 … Sunday = 6, of a UTC day. */
export function weekdayOf(date: Date): number {
  return (date.getUTCDay() + 6) % 7;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The known daily set holding exactly these weekdays, in its canonical order; null when none. */
export function knownDailySet(days: readonly number[]): number[] | null {
  const wanted = [...new Set(days)].sort().join(",");
  if (days.length !== new Set(days).size) return null;
  const found = DAILY_WEEKDAY_SETS.find((set) => [...set].sort().join(",") === wanted);
  return found ? [...found] : null;
}

/** Time of day of `date` in ms since UTC midnight. */
function timeOfDay(date: Date): number {
  return date.getTime() - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function at(year: number, monthIndex: number, day: number, time: number): Date {
  return new Date(Date.UTC(year, monthIndex, day) + time);
}

/** Day of month of the nth (1–4) or last (5) `weekday` of a month, or null when it has no such day. */
export function nthWeekdayOfMonth(year: number, month: number, n: number, weekday: number): number | null {
  const firstWeekday = weekdayOf(new Date(Date.UTC(year, month - 1, 1)));
  const first = 1 + ((weekday - firstWeekday + 7) % 7);
  const last = daysInMonth(year, month);
  if (n >= 5) return first + 7 * Math.floor((last - first) / 7);
  const day = first + 7 * (n - 1);
  return day <= last ? day : null;
}

/** Whether the UTC day of `date` is one of the rule's days (the start of a series must be). */
export function occursOn(rule: Recurrence, date: Date): boolean {
  switch (rule.frequency) {
    case 3:
      return rule.by_weekday === null || rule.by_weekday.includes(weekdayOf(date));
    case 2:
      return rule.by_weekday[0] === weekdayOf(date);
    case 1: {
      const { n, day } = rule.by_n_weekday[0];
      return nthWeekdayOfMonth(date.getUTCFullYear(), date.getUTCMonth() + 1, n, day) === date.getUTCDate();
    }
    case 0:
      return date.getUTCMonth() + 1 === rule.by_month[0] && date.getUTCDate() === rule.by_month_day[0];
  }
}

/**
 * The first occurrence of the series starting at `start` (an occurrence itself) that comes
 * strictly after both `start` and `after`, at the same time of day. Every other week is
 * counted from `start`; a yearly 29 February waits for the next leap year; a monthly "5th"
 * weekday is the month's last one.
 */
export function nextOccurrence(rule: Recurrence, start: Date, after: Date = start): Date {
  const floor = Math.max(start.getTime(), after.getTime());
  const time = timeOfDay(start);
  switch (rule.frequency) {
    case 3:
    case 2: {
      const step = rule.frequency === 2 ? 7 * rule.interval : 1;
      // Jump close to `after` in whole steps, then walk day by day (daily) or step by step.
      const skipped = Math.max(0, Math.floor((floor - start.getTime()) / (step * DAY_MS)) - 1);
      let candidate = new Date(start.getTime() + skipped * step * DAY_MS);
      for (;;) {
        candidate = new Date(candidate.getTime() + step * DAY_MS);
        if (candidate.getTime() > floor && occursOn(rule, candidate)) return candidate;
      }
    }
    case 1: {
      const { n, day } = rule.by_n_weekday[0];
      let year = start.getUTCFullYear();
      let month = start.getUTCMonth() + 1;
      for (;;) {
        month += 1;
        if (month > 12) {
          month = 1;
          year += 1;
        }
        const dayOfMonth = nthWeekdayOfMonth(year, month, n, day);
        if (dayOfMonth === null) continue;
        const candidate = at(year, month - 1, dayOfMonth, time);
        if (candidate.getTime() > floor) return candidate;
      }
    }
    case 0: {
      const month = rule.by_month[0];
      const dayOfMonth = rule.by_month_day[0];
      for (let year = start.getUTCFullYear() + 1; ; year++) {
        if (dayOfMonth > daysInMonth(year, month)) continue;
        const candidate = at(year, month - 1, dayOfMonth, time);
        if (candidate.getTime() > floor) return candidate;
      }
    }
  }
}

/** The rule on the wire (reference shape), with the event's start as its start. */
export function recurrenceWire(rule: Recurrence, start: Date) {
  return {
    start: start.toISOString(),
    end: null,
    frequency: rule.frequency,
    interval: rule.interval,
    by_weekday: "by_weekday" in rule ? rule.by_weekday : null,
    by_n_weekday: "by_n_weekday" in rule ? rule.by_n_weekday : null,
    by_month: "by_month" in rule ? rule.by_month : null,
    by_month_day: "by_month_day" in rule ? rule.by_month_day : null,
    by_year_day: null,
    count: null,
  };
}
