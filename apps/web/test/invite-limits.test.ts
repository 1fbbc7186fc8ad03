import { describe, expect, it } from "vitest";
import {
  describeExpiry,
  describeUseLimit,
  describeUses,
  EXPIRY_CHOICES,
  USES_CHOICES,
} from "../src/components/invites/invite-limits";

const NOW = new Date("2026-03-01T12:00:00Z");
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

describe("invite limits as people read them", () => {
  it("says how long a link has left in the largest unit that fits, a just-made day-long link as 1 day", () => {
    expect(describeExpiry(null, NOW)).toBe("Never expires");
    expect(describeExpiry(later(86_400 - 5), NOW)).toBe("Expires in 1 day");
    expect(describeExpiry(later(7 * 86_400), NOW)).toBe("Expires in 7 days");
    expect(describeExpiry(later(6 * 3600), NOW)).toBe("Expires in 6 hours");
    expect(describeExpiry(later(3600), NOW)).toBe("Expires in 1 hour");
    expect(describeExpiry(later(30 * 60), NOW)).toBe("Expires in 30 minutes");
    expect(describeExpiry(later(20), NOW)).toBe("Expires in 1 minute");
    expect(describeExpiry(later(-60), NOW)).toBe("Expired");
  });

  it("counts uses against the limit, if any", () => {
    expect(describeUses(0, 0)).toBe("0 uses");
    expect(describeUses(1, 0)).toBe("1 use");
    expect(describeUses(3, 10)).toBe("3 of 10 uses");
    expect(describeUses(0, 1)).toBe("0 of 1 use");
    expect(describeUseLimit(0)).toBe("Any number of uses");
    expect(describeUseLimit(1)).toBe("Up to 1 use");
  });

  it("offers expiries up to 30 days or never, and uses up to 1000 or no limit (the spec's limits)", () => {
    expect(Math.max(...EXPIRY_CHOICES.map((c) => c.seconds))).toBe(2_592_000);
    expect(EXPIRY_CHOICES.at(-1)).toEqual({ seconds: 0, label: "Never" });
    expect(Math.max(...USES_CHOICES.map((c) => c.uses))).toBe(1000);
    expect(USES_CHOICES[0]).toEqual({ uses: 0, label: "No limit" });
  });
});
