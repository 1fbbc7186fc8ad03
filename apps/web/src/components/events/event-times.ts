/**
 * Event times between the form's date and time fields (the person's local time) and the ISO
 * times the service takes, and how they are shown.
 */

const HOUR_MS = 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, "0");

/** A time as the date and time fields show it, in local time: { date: "2026-03-14", time: "20:00" }. */
export function toLocalFields(date: Date): { date: string; time: string } {
  return {
    date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

/** The moment the date and time fields name in local time, or null when either is empty or not a date. */
export function fromLocalFields(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hours, minutes] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const value = new Date(year, month - 1, day, hours, minutes);
  // 2026-02-30 rolls over into March: not a date anyone picked.
  return value.getMonth() === month - 1 && value.getDate() === day ? value : null;
}

/** Where a new event starts unless changed: the next full hour after the coming one. */
export function defaultStart(now: Date): Date {
  const next = new Date(now.getTime() + 2 * HOUR_MS);
  next.setMinutes(0, 0, 0);
  return next;
}

export function plusHour(date: Date): Date {
  return new Date(date.getTime() + HOUR_MS);
}

function sameDay(a: Date, b: Date, timeZone?: string): boolean {
  const day = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
  return day.format(a) === day.format(b);
}

/**
 * When an event happens, for a person: "Tue, Mar 14, 8:00 PM", with its end when it has one
 * ("… – 9:00 PM", or a full date when it ends another day).
 */
export function describeWhen(startIso: string, endIso: string | null, timeZone?: string): string {
  const start = new Date(startIso);
  const full = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  if (!endIso) return full.format(start);
  const end = new Date(endIso);
  const endText = sameDay(start, end, timeZone)
    ? new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(end)
    : full.format(end);
  return `${full.format(start)} – ${endText}`;
}
