/**
 * Values of a generated case before they are sent. Two kinds of leaf JSON.stringify cannot
 * write: {@link Raw} JSON text put in as is (number literals no JS number holds, nesting too deep
 * to build as objects) and {@link SlotRef}, an id of the seeded world looked up when the case is
 * sent (the world is repaired between cases, so ids change; a printed case stays readable).
 */
export class Raw {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text.length > 80 ? `<raw ${this.text.length} chars: ${this.text.slice(0, 40)}…>` : `<raw ${this.text}>`;
  }
}

export class SlotRef {
  constructor(readonly slot: string) {}
  toJSON(): string {
    return `{${this.slot}}`;
  }
}

export type Resolve = (slot: string) => string;

/** JSON text of `value`, Raw leaves written as they are and slots as the id strings they name. */
export function toJsonText(value: unknown, resolve: Resolve): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof SlotRef) return JSON.stringify(resolve(value.slot));
  if (Array.isArray(value)) return `[${value.map((item) => toJsonText(item, resolve)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item, resolve)}`)
      .join(",")}}`;
  }
  if (value === undefined) return "null";
  return JSON.stringify(value);
}

/** A plain value with slots resolved (Raw leaves become their text as a string). */
export function resolveValue(value: unknown, resolve: Resolve): unknown {
  if (value instanceof Raw) return value.text;
  if (value instanceof SlotRef) return resolve(value.slot);
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, resolve));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveValue(v, resolve)]));
  return value;
}

/** A short, printable description of a value for reports. */
export function describeValue(value: unknown, max = 400): string {
  let text: string;
  try {
    text =
      JSON.stringify(value, (_key, v) =>
        typeof v === "string" && v.length > 120 ? `${v.slice(0, 60)}…(${v.length} chars)` : v,
      ) ?? String(value);
  } catch {
    text = String(value);
  }
  // Unprintable characters as escapes, so a report shows where the NUL or the lone surrogate was.
  text = text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
