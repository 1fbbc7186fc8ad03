/** `<t:seconds:format>` as the reference client shows it, in this browser's locale and time zone. */
export function formatTimestamp(iso: string, format: string, now: Date = new Date()): string {
  const at = new Date(iso);
  switch (format) {
    case "t":
      return at.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
    case "T":
      return at.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit", second: "2-digit" });
    case "d":
      return at.toLocaleDateString(undefined, { day: "2-digit", month: "2-digit", year: "numeric" });
    case "D":
      return at.toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" });
    case "F":
      return at.toLocaleString(undefined, {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
      });
    case "R":
      return relative(at, now);
    default:
      return at.toLocaleString(undefined, {
        day: "numeric",
        month: "long",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
      });
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

function relative(at: Date, now: Date): string {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ["second", 1];
  return new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }).format(Math.round(seconds / size), unit);
}
