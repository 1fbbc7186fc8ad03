import { describe, expect, it } from "vitest";
import { describeWhen, fromLocalFields, toLocalFields } from "../src/components/events/event-times";
import { describeRepeat, repeatChoiceOf, repeatChoices, repeatRule } from "../src/components/events/repeat-words";

/** Friday 13 March 2026, 18:00 UTC: the second Friday of the month. */
const FRIDAY_UTC = new Date("2026-03-13T18:00:00Z");
/** Tuesday 10 March 2026, 20:00 in California: already Wednesday 04:00 in UTC. */
const TUESDAY_EVENING_LA = new Date("2026-03-11T04:00:00Z");
/** Monday 9 March 2026, 08:00 in Tokyo: still Sunday 23:00 in UTC. */
const MONDAY_MORNING_TOKYO = new Date("2026-03-08T23:00:00Z");

describe("repeat rules in plain words", () => {
  it("says each shape the service takes, in the start's own calendar (UTC here)", () => {
    const words = (choice: Parameters<typeof repeatRule>[0]) => {
      const made = repeatRule(choice, FRIDAY_UTC, "UTC");
      return made ? describeRepeat(made, FRIDAY_UTC, "UTC") : null;
    };
    expect(words("none")).toBeNull();
    expect(words("daily")).toBe("Every day");
    expect(words("weekdays")).toBe("Every weekday (Monday to Friday)");
    expect(words("weekly")).toBe("Every week on Friday");
    expect(words("every-other-week")).toBe("Every other week on Friday");
    expect(words("monthly")).toBe("Every month on the second Friday");
    expect(words("yearly")).toBe("Every year on March 13");
  });

  it("builds the rules in UTC as the service evaluates them", () => {
    expect(repeatRule("weekly", FRIDAY_UTC, "UTC")).toEqual({
      frequency: 2,
      interval: 1,
      by_weekday: [4],
      by_n_weekday: null,
      by_month: null,
      by_month_day: null,
    });
    expect(repeatRule("monthly", FRIDAY_UTC, "UTC")?.by_n_weekday).toEqual([{ n: 2, day: 4 }]);
    expect(repeatRule("yearly", FRIDAY_UTC, "UTC")).toMatchObject({ frequency: 0, by_month: [3], by_month_day: [13] });
    expect(repeatRule("monthly", new Date("2026-03-30T10:00:00Z"), "UTC")?.by_n_weekday).toEqual([{ n: 5, day: 0 }]);
    expect(
      describeRepeat(
        repeatRule("monthly", new Date("2026-03-30T10:00:00Z"), "UTC")!,
        new Date("2026-03-30T10:00:00Z"),
        "UTC",
      ),
    ).toBe("Every month on the last Monday");
  });

  it("stores a Tuesday evening in California as Wednesday in UTC and reads it back as Tuesday", () => {
    const weekly = repeatRule("weekly", TUESDAY_EVENING_LA, "America/Los_Angeles");
    expect(weekly?.by_weekday).toEqual([2]);
    expect(describeRepeat(weekly!, TUESDAY_EVENING_LA, "America/Los_Angeles")).toBe("Every week on Tuesday");
    // The working week seen from California is Tuesday to Saturday in UTC: one of the known sets.
    const weekdays = repeatRule("weekdays", TUESDAY_EVENING_LA, "America/Los_Angeles");
    expect([...(weekdays?.by_weekday ?? [])].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(describeRepeat(weekdays!, TUESDAY_EVENING_LA, "America/Los_Angeles")).toBe(
      "Every weekday (Monday to Friday)",
    );
    expect(describeRepeat(weekdays!, TUESDAY_EVENING_LA, "UTC")).toBe("Every day from Tuesday to Saturday");
    expect(
      describeRepeat(
        repeatRule("yearly", TUESDAY_EVENING_LA, "America/Los_Angeles")!,
        TUESDAY_EVENING_LA,
        "America/Los_Angeles",
      ),
    ).toBe("Every year on March 10");
  });

  it("shifts the other way east of UTC: a Monday morning in Tokyo is Sunday in UTC", () => {
    const weekdays = repeatRule("weekdays", MONDAY_MORNING_TOKYO, "Asia/Tokyo");
    expect([...(weekdays?.by_weekday ?? [])].sort()).toEqual([0, 1, 2, 3, 6]);
    expect(describeRepeat(weekdays!, MONDAY_MORNING_TOKYO, "Asia/Tokyo")).toBe("Every weekday (Monday to Friday)");
    expect(
      describeRepeat(
        repeatRule("every-other-week", MONDAY_MORNING_TOKYO, "Asia/Tokyo")!,
        MONDAY_MORNING_TOKYO,
        "Asia/Tokyo",
      ),
    ).toBe("Every other week on Monday");
  });

  it("names weekend and two-day sets, as bots may store them", () => {
    const base = { frequency: 3, interval: 1, by_n_weekday: null, by_month: null, by_month_day: null };
    expect(describeRepeat({ ...base, by_weekday: [5, 6] }, FRIDAY_UTC, "UTC")).toBe(
      "Every weekend (Saturday and Sunday)",
    );
    expect(describeRepeat({ ...base, by_weekday: [4, 5] }, FRIDAY_UTC, "UTC")).toBe("Every Friday and Saturday");
    expect(describeRepeat({ ...base, by_weekday: [6, 0] }, FRIDAY_UTC, "UTC")).toBe("Every Sunday and Monday");
    expect(describeRepeat({ ...base, by_weekday: [6, 0, 1, 2, 3] }, FRIDAY_UTC, "UTC")).toBe(
      "Every day from Sunday to Thursday",
    );
  });

  it("offers the working week only for a start on a working day, and knows which choice a stored rule came from", () => {
    const saturday = new Date("2026-03-14T18:00:00Z");
    expect(repeatChoices(saturday, "UTC").map((c) => c.choice)).toEqual([
      "none",
      "daily",
      "weekly",
      "every-other-week",
      "monthly",
      "yearly",
    ]);
    expect(repeatChoices(FRIDAY_UTC, "UTC").map((c) => c.label)).toEqual([
      "Does not repeat",
      "Every day",
      "Every weekday (Monday to Friday)",
      "Every week on Friday",
      "Every other week on Friday",
      "Every month on the second Friday",
      "Every year on March 13",
    ]);
    for (const choice of ["daily", "weekdays", "weekly", "every-other-week", "monthly", "yearly"] as const) {
      expect(repeatChoiceOf(repeatRule(choice, FRIDAY_UTC, "UTC"))).toBe(choice);
    }
    expect(repeatChoiceOf(null)).toBe("none");
  });
});

describe("event times", () => {
  it("reads the date and time fields in local time and refuses days that do not exist", () => {
    const picked = fromLocalFields("2026-03-14", "20:30");
    expect(picked && toLocalFields(picked)).toEqual({ date: "2026-03-14", time: "20:30" });
    expect(fromLocalFields("2026-02-30", "10:00")).toBeNull();
    expect(fromLocalFields("", "10:00")).toBeNull();
    expect(fromLocalFields("2026-03-14", "")).toBeNull();
  });

  it("says when an event happens, with its end", () => {
    expect(describeWhen("2026-03-13T18:00:00Z", null, "UTC")).toBe("Fri, Mar 13, 6:00 PM");
    expect(describeWhen("2026-03-13T18:00:00Z", "2026-03-13T19:30:00Z", "UTC")).toBe("Fri, Mar 13, 6:00 PM – 7:30 PM");
    expect(describeWhen("2026-03-13T18:00:00Z", "2026-03-14T10:00:00Z", "UTC")).toBe(
      "Fri, Mar 13, 6:00 PM – Sat, Mar 14, 10:00 AM",
    );
  });
});
