/**
 * An invite's limits as people pick and read them: how long it lasts (at most 30 days, or
 * never expires) and how many may use it (at most 1000, or any number). Pure text, no React.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const EXPIRY_CHOICES: readonly { seconds: number; label: string }[] = [
  { seconds: 30 * MINUTE, label: "30 minutes" },
  { seconds: HOUR, label: "1 hour" },
  { seconds: 6 * HOUR, label: "6 hours" },
  { seconds: 12 * HOUR, label: "12 hours" },
  { seconds: DAY, label: "1 day" },
  { seconds: 7 * DAY, label: "7 days" },
  { seconds: 30 * DAY, label: "30 days" },
  { seconds: 0, label: "Never" },
];

export const USES_CHOICES: readonly { uses: number; label: string }[] = [0, 1, 5, 10, 25, 50, 100, 1000].map(
  (uses) => ({ uses, label: uses === 0 ? "No limit" : plural(uses, "use") }),
);

/** What the invite dialog starts with: a day, for any number of people. */
export const DEFAULT_LIMITS = { maxAge: DAY, maxUses: 0 };

function plural(count: number, word: string): string {
  return `${count} ${count === 1 ? word : `${word}s`}`;
}

/** "Expires in 6 days", "Expires in 3 hours", "Never expires" or "Expired", from the time left at `now`. */
export function describeExpiry(expiresAt: string | null, now: Date): string {
  if (expiresAt === null) return "Never expires";
  const left = Date.parse(expiresAt) - now.getTime();
  if (left <= 0) return "Expired";
  const minutes = Math.max(1, Math.round(left / 60_000));
  // A link made a moment ago for a day reads "1 day", not "24 hours".
  if (minutes >= 23.5 * 60) return `Expires in ${plural(Math.round(minutes / (24 * 60)), "day")}`;
  if (minutes >= 60) return `Expires in ${plural(Math.round(minutes / 60), "hour")}`;
  return `Expires in ${plural(minutes, "minute")}`;
}

/** "3 of 10 uses", or "3 uses" without a limit. */
export function describeUses(uses: number, maxUses: number): string {
  return maxUses === 0 ? plural(uses, "use") : `${uses} of ${plural(maxUses, "use")}`;
}

/** "Any number of uses", "Up to 1 use", "Up to 10 uses". */
export function describeUseLimit(maxUses: number): string {
  return maxUses === 0 ? "Any number of uses" : `Up to ${plural(maxUses, "use")}`;
}
