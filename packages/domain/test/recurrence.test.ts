import { describe, expect, it } from "vitest";
import { ApiError } from "../src/errors";
import {
  knownDailySet,
  nextOccurrence,
  nthWeekdayOfMonth,
  occursOn,
  type Recurrence,
  recurrenceWire,
  weekdayOf,
} from "../src/services/scheduled-events/recurrence";
import { checkEventPlan, zRecurrenceRule } from "../src/validation/scheduled-events";

const utc = (text: string) => new Date(`${text}Z`);
const iso = (date: Date) => date.toISOString();

const daily: Recurrence = { frequency: 3, interval: 1, by_weekday: null };
const weekdays: Recurrence = { frequency: 3, interval: 1, by_weekday: [0, 1, 2, 3, 4] };
const weekends: Recurrence = { frequency: 3, interval: 1, by_weekday: [5, 6] };
const wednesdays: Recurrence = { frequency: 2, interval: 1, by_weekday: [2] };
const everyOtherWednesday: Recurrence = { frequency: 2, interval: 2, by_weekday: [2] };
const fourthWednesday: Recurrence = { frequency: 1, interval: 1, by_n_weekday: [{ n: 4, day: 2 }] };
const lastFriday: Recurrence = { frequency: 1, interval: 1, by_n_weekday: [{ n: 5, day: 4 }] };
const leapDay: Recurrence = { frequency: 0, interval: 1, by_month: [2], by_month_day: [29] };

describe("recurrence: weekdays in UTC", () => {
  it("counts Monday as 0 and Sunday as 6, by the UTC day", () => {
    expect(weekdayOf(utc("2026-01-05T00:00:00"))).toBe(0);
    expect(weekdayOf(utc("2026-01-11T23:59:59"))).toBe(6);
    // 23:30 on Sunday in UTC is already Monday east of UTC: the UTC day counts.
    expect(weekdayOf(new Date("2026-01-12T01:30:00+02:00"))).toBe(6);
  });

  it("finds the nth and the last weekday of a month", () => {
    expect(nthWeekdayOfMonth(2026, 1, 1, 2)).toBe(7);
    expect(nthWeekdayOfMonth(2026, 1, 4, 2)).toBe(28);
    expect(nthWeekdayOfMonth(2026, 1, 5, 4)).toBe(30);
    expect(nthWeekdayOfMonth(2026, 2, 5, 4)).toBe(27);
    expect(nthWeekdayOfMonth(2026, 2, 5, 6)).toBe(22);
  });

  it("accepts a daily weekday set only when it is a known set, in its canonical order", () => {
    expect(knownDailySet([4, 3, 2, 1, 0])).toEqual([0, 1, 2, 3, 4]);
    expect(knownDailySet([0, 1, 2, 3, 6])).toEqual([6, 0, 1, 2, 3]);
    expect(knownDailySet([0, 6])).toEqual([6, 0]);
    expect(knownDailySet([0, 1])).toBeNull();
    expect(knownDailySet([5, 5, 6])).toBeNull();
    expect(knownDailySet([0, 1, 2, 3, 4, 5, 6])).toBeNull();
  });
});

describe("recurrence: next occurrence", () => {
  it("daily: the next day at the same time, or the first after a given time", () => {
    const start = utc("2026-01-05T18:30:15.250");
    expect(iso(nextOccurrence(daily, start))).toBe("2026-01-06T18:30:15.250Z");
    expect(iso(nextOccurrence(daily, start, utc("2026-03-10T20:00:00")))).toBe("2026-03-11T18:30:15.250Z");
    expect(iso(nextOccurrence(daily, start, utc("2026-03-10T17:00:00")))).toBe("2026-03-10T18:30:15.250Z");
  });

  it("daily on weekdays skips the weekend; on weekends skips the week", () => {
    expect(iso(nextOccurrence(weekdays, utc("2026-01-09T18:00:00")))).toBe("2026-01-12T18:00:00.000Z");
    expect(iso(nextOccurrence(weekdays, utc("2026-01-05T18:00:00")))).toBe("2026-01-06T18:00:00.000Z");
    expect(iso(nextOccurrence(weekends, utc("2026-01-10T09:00:00")))).toBe("2026-01-11T09:00:00.000Z");
    expect(iso(nextOccurrence(weekends, utc("2026-01-11T09:00:00")))).toBe("2026-01-17T09:00:00.000Z");
  });

  it("weekly and every other week, counted from the series' start", () => {
    const start = utc("2026-01-07T20:00:00");
    expect(iso(nextOccurrence(wednesdays, start))).toBe("2026-01-14T20:00:00.000Z");
    expect(iso(nextOccurrence(everyOtherWednesday, start))).toBe("2026-01-21T20:00:00.000Z");
    // Late by a day: the fortnightly rhythm is kept (not the Wednesday right after).
    expect(iso(nextOccurrence(everyOtherWednesday, start, utc("2026-01-22T00:00:00")))).toBe(
      "2026-02-04T20:00:00.000Z",
    );
    expect(iso(nextOccurrence(wednesdays, start, utc("2026-01-22T00:00:00")))).toBe("2026-01-28T20:00:00.000Z");
  });

  it("monthly on the nth weekday, and on the last one across months of different lengths", () => {
    expect(iso(nextOccurrence(fourthWednesday, utc("2026-01-28T19:00:00")))).toBe("2026-02-25T19:00:00.000Z");
    expect(iso(nextOccurrence(fourthWednesday, utc("2026-11-25T19:00:00")))).toBe("2026-12-23T19:00:00.000Z");
    expect(iso(nextOccurrence(lastFriday, utc("2026-01-30T19:00:00")))).toBe("2026-02-27T19:00:00.000Z");
    const lastSaturday: Recurrence = { frequency: 1, interval: 1, by_n_weekday: [{ n: 5, day: 5 }] };
    expect(iso(nextOccurrence(lastSaturday, utc("2026-01-31T10:00:00")))).toBe("2026-02-28T10:00:00.000Z");
    expect(iso(nextOccurrence(lastSaturday, utc("2026-12-26T10:00:00")))).toBe("2027-01-30T10:00:00.000Z");
  });

  it("yearly on a date; 29 February waits for the next leap year (2100 is not one)", () => {
    const julyTwentyFourth: Recurrence = { frequency: 0, interval: 1, by_month: [7], by_month_day: [24] };
    expect(iso(nextOccurrence(julyTwentyFourth, utc("2026-07-24T12:00:00")))).toBe("2027-07-24T12:00:00.000Z");
    expect(iso(nextOccurrence(leapDay, utc("2028-02-29T12:00:00")))).toBe("2032-02-29T12:00:00.000Z");
    expect(iso(nextOccurrence(leapDay, utc("2096-02-29T12:00:00")))).toBe("2104-02-29T12:00:00.000Z");
    const newYearsEve: Recurrence = { frequency: 0, interval: 1, by_month: [12], by_month_day: [31] };
    expect(iso(nextOccurrence(newYearsEve, utc("2026-12-31T23:00:00")))).toBe("2027-12-31T23:00:00.000Z");
  });
});

describe("recurrence: the start must fall on the rule's days", () => {
  it("tells whether a day is one of the rule's", () => {
    expect(occursOn(weekdays, utc("2026-01-09T10:00:00"))).toBe(true);
    expect(occursOn(weekdays, utc("2026-01-10T10:00:00"))).toBe(false);
    expect(occursOn(wednesdays, utc("2026-01-08T10:00:00"))).toBe(false);
    expect(occursOn(fourthWednesday, utc("2026-01-28T10:00:00"))).toBe(true);
    expect(occursOn(fourthWednesday, utc("2026-01-21T10:00:00"))).toBe(false);
    expect(occursOn(lastFriday, utc("2026-01-30T10:00:00"))).toBe(true);
    expect(occursOn(lastFriday, utc("2026-01-23T10:00:00"))).toBe(false);
    expect(occursOn(leapDay, utc("2028-02-29T10:00:00"))).toBe(true);
    expect(occursOn(leapDay, utc("2028-03-01T10:00:00"))).toBe(false);
  });

  it("refuses an event whose start is not one of its rule's days (50035 on recurrence_rule)", () => {
    const now = utc("2026-01-05T12:00:00");
    const plan = {
      entityType: 3 as const,
      channelId: null,
      location: "Park",
      end: utc("2026-01-10T12:00:00"),
      recurrence: wednesdays,
    };
    const options = { startSet: true, locationGiven: false };
    expect(() => checkEventPlan({ ...plan, start: utc("2026-01-07T10:00:00") }, now, options)).not.toThrow();
    let error: unknown;
    try {
      checkEventPlan({ ...plan, start: utc("2026-01-08T10:00:00") }, now, options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(50035);
    expect((error as ApiError).errors).toHaveProperty("recurrence_rule._errors");
  });
});

describe("recurrence: the rule as bots send it", () => {
  const parse = (input: unknown) => zRecurrenceRule.safeParse(input);
  const problems = (input: unknown) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    return result.error?.issues.map((i) => i.path.join(".")) ?? [];
  };

  it("accepts each of the reference shapes and ignores the rule's own start", () => {
    expect(parse({ start: "1999-01-01T00:00:00Z", frequency: 3, interval: 1 }).data).toEqual(daily);
    expect(parse({ frequency: 3, by_weekday: [4, 3, 2, 1, 0] }).data).toEqual(weekdays);
    expect(parse({ frequency: 2, interval: 2, by_weekday: [2] }).data).toEqual(everyOtherWednesday);
    expect(parse({ frequency: 1, interval: 1, by_n_weekday: [{ n: 4, day: 2 }] }).data).toEqual(fourthWednesday);
    expect(
      parse({ frequency: 0, by_month: [2], by_month_day: [29], end: null, count: null, by_year_day: null }).data,
    ).toEqual(leapDay);
  });

  it("refuses everything else, naming the field", () => {
    expect(problems({ frequency: 3, interval: 2 })).toEqual(["interval"]);
    expect(problems({ frequency: 3, by_weekday: [0, 1] })).toEqual(["by_weekday"]);
    expect(problems({ frequency: 2, by_weekday: [1, 2] })).toEqual(["by_weekday"]);
    expect(problems({ frequency: 2, by_weekday: [] })).toEqual(["by_weekday"]);
    expect(problems({ frequency: 2, interval: 3, by_weekday: [1] })).toEqual(["interval"]);
    expect(
      problems({
        frequency: 1,
        by_n_weekday: [
          { n: 1, day: 0 },
          { n: 2, day: 0 },
        ],
      }),
    ).toEqual(["by_n_weekday"]);
    expect(problems({ frequency: 1, by_n_weekday: [{ n: 6, day: 0 }] })).toEqual(["by_n_weekday.0.n"]);
    expect(problems({ frequency: 1, by_weekday: [0], by_n_weekday: [{ n: 1, day: 0 }] })).toEqual(["by_weekday"]);
    expect(problems({ frequency: 0, by_month: [2] })).toEqual(["by_month_day"]);
    expect(problems({ frequency: 0, by_month: [2], by_month_day: [30] })).toEqual(["by_month_day"]);
    expect(problems({ frequency: 0, by_month: [4], by_month_day: [31] })).toEqual(["by_month_day"]);
    expect(problems({ frequency: 3, count: 5 })).toEqual(["count"]);
    expect(problems({ frequency: 3, end: "2027-01-01T00:00:00Z" })).toEqual(["end"]);
    expect(problems({ frequency: 3, by_year_day: [1] })).toEqual(["by_year_day"]);
    expect(problems({ frequency: 4 })).toEqual(["frequency"]);
  });

  it("answers the rule in the reference shape with the event's start", () => {
    expect(recurrenceWire(fourthWednesday, utc("2026-01-28T19:00:00"))).toEqual({
      start: "2026-01-28T19:00:00.000Z",
      end: null,
      frequency: 1,
      interval: 1,
      by_weekday: null,
      by_n_weekday: [{ n: 4, day: 2 }],
      by_month: null,
      by_month_day: null,
      by_year_day: null,
      count: null,
    });
  });
});
