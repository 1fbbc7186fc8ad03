/**
 * The keyboard of a list of options (a listbox, a menu, a combobox's suggestions): ArrowDown/ArrowUp
 * step, Home/End jump to the ends, Enter (or other keys) chooses, Escape closes, and optionally a
 * printable key jumps to the next option whose label starts with it. `listboxKeyAction` is the
 * pure core; `handleListboxKey` applies it to a key event.
 */

export type ListboxAction = { type: "move"; index: number } | { type: "select"; key: string } | { type: "close" };

export interface ListboxKeyOptions {
  /** The active option's index, -1 for none. */
  active: number;
  count: number;
  /** Past the last option ArrowDown goes to the first (ArrowUp the other way); otherwise it stays at the end. */
  wrap: boolean;
  /** Home and End go to the first and last option (default true). */
  homeEnd?: boolean;
  /** Keys that choose the active option (default Enter). */
  selectKeys?: readonly string[];
  /** Keys that close the list (default Escape). */
  closeKeys?: readonly string[];
  /** The options' labels: with them, a printable key moves to the next option whose label starts with it. */
  labels?: readonly string[];
}

const mod = (value: number, by: number) => ((value % by) + by) % by;

/**
 * The step from `active`. With wrap, the index is taken modulo the count (from none, -1, ArrowDown gives the
 * first); an empty list gives -1. Without wrap the index stays within 0 and count - 1.
 */
function step(active: number, count: number, by: 1 | -1, wrap: boolean): number {
  if (!wrap) return by === 1 ? Math.min(count - 1, active + 1) : Math.max(0, active - 1);
  return count === 0 ? -1 : mod(active + by, count);
}

/** The next option after `active` whose label starts with `key` (case-insensitive), or null. */
export function typeaheadIndex(key: string, active: number, labels: readonly string[]): number | null {
  const wanted = key.toLowerCase();
  for (let offset = 1; offset <= labels.length; offset += 1) {
    const index = mod(active + offset, labels.length);
    if (labels[index]?.toLowerCase().startsWith(wanted)) return index;
  }
  return null;
}

/** What a key does to the list: move the active option, choose it, close the list; null for other keys. */
export function listboxKeyAction(key: string, options: ListboxKeyOptions): ListboxAction | null {
  const { active, count, wrap, homeEnd = true, selectKeys = ["Enter"], closeKeys = ["Escape"], labels } = options;
  if (closeKeys.includes(key)) return { type: "close" };
  if (selectKeys.includes(key)) return { type: "select", key };
  if (key === "ArrowDown") return { type: "move", index: step(active, count, 1, wrap) };
  if (key === "ArrowUp") return { type: "move", index: step(active, count, -1, wrap) };
  if (homeEnd && key === "Home") return { type: "move", index: 0 };
  if (homeEnd && key === "End") return { type: "move", index: count - 1 };
  if (labels && key.length === 1 && key !== " ") {
    const index = typeaheadIndex(key, active, labels);
    return index === null ? null : { type: "move", index };
  }
  return null;
}

export interface ListboxKeyHandlers {
  /** The option at `index` becomes active (-1 or out of range when there is none to go to). */
  move(index: number, key: string): unknown;
  select?(key: string): unknown;
  close?(): unknown;
}

/**
 * Applies a key event to the list through the handlers. A handler returns false to leave the key alone
 * (say Enter while nothing is active); otherwise the key is used: its default is prevented and the answer
 * is true (the caller may stop its propagation).
 */
export function handleListboxKey(
  event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; preventDefault(): void },
  options: ListboxKeyOptions,
  handlers: ListboxKeyHandlers,
): boolean {
  // A shortcut (Ctrl+C, Cmd+A) is not typeahead.
  const shortcut = event.key.length === 1 && (event.ctrlKey || event.metaKey || event.altKey);
  const action = shortcut ? null : listboxKeyAction(event.key, options);
  if (!action) return false;
  const answer =
    action.type === "move"
      ? handlers.move(action.index, event.key)
      : action.type === "select"
        ? handlers.select?.(action.key)
        : handlers.close?.();
  if (answer === false) return false;
  event.preventDefault();
  return true;
}
