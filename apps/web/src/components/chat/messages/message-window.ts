import { compareIds } from "./message-merge";

/** The most messages in the page at once: a long history stays as light as a short one. */
export const WINDOW_MAX = 150;
/** How many messages scrolling near an edge of the window brings in. */
export const WINDOW_STEP = 50;

/**
 * Which of the loaded messages are in the page: from `startId` to `endId`, both included.
 * `startId` null: the last WINDOW_MAX before the end; `endId` null: the live end, so new
 * messages join the window as they arrive.
 */
export interface MessageWindow {
  startId: string | null;
  endId: string | null;
}

export const PRESENT: MessageWindow = { startId: null, endId: null };

interface Identified {
  id: string;
}

/** This tab's messages on their way have local ids and always come after the real ones. */
function isLocal(id: string): boolean {
  return id.startsWith("local-");
}

function before(a: string, b: string): boolean {
  if (isLocal(a) || isLocal(b)) return !isLocal(a) && isLocal(b);
  return compareIds(a, b) < 0;
}

/** The first index whose message is not before `id` (a deleted boundary falls on its neighbour). */
function indexFrom(messages: readonly Identified[], id: string): number {
  const found = messages.findIndex((m) => !before(m.id, id));
  return found === -1 ? messages.length : found;
}

/** One past the last index whose message is not after `id`. */
function indexThrough(messages: readonly Identified[], id: string): number {
  const after = messages.findIndex((m) => before(id, m.id));
  return after === -1 ? messages.length : after;
}

/** The window as `[start, end)` indexes of `messages`. */
export function windowBounds(messages: readonly Identified[], window: MessageWindow): { start: number; end: number } {
  const end = window.endId === null ? messages.length : indexThrough(messages, window.endId);
  const start =
    window.startId === null ? Math.max(0, end - WINDOW_MAX) : Math.min(indexFrom(messages, window.startId), end);
  return { start, end };
}

function windowOf(messages: readonly Identified[], start: number, end: number): MessageWindow {
  return {
    startId: messages[start]?.id ?? null,
    endId: end >= messages.length ? null : (messages[end - 1]?.id ?? null),
  };
}

/** Brings older loaded messages in at the top, letting the newest go past WINDOW_MAX; null when none are loaded above. */
export function stepOlder(messages: readonly Identified[], window: MessageWindow): MessageWindow | null {
  const { start, end } = windowBounds(messages, window);
  if (start === 0) return null;
  const from = Math.max(0, start - WINDOW_STEP);
  return windowOf(messages, from, Math.min(end, from + WINDOW_MAX));
}

/** Brings newer loaded messages in at the bottom, letting the oldest go; null when the window already reaches the present. */
export function stepNewer(messages: readonly Identified[], window: MessageWindow): MessageWindow | null {
  if (window.endId === null) return null;
  const { start, end } = windowBounds(messages, window);
  const to = Math.min(messages.length, end + WINDOW_STEP);
  return windowOf(messages, Math.max(start, to - WINDOW_MAX), to);
}

/**
 * When the reader leaves the end: the top stays where it is, so messages arriving meanwhile
 * are added below without pushing what they read out of the page.
 */
export function pinnedTop(messages: readonly Identified[], window: MessageWindow): MessageWindow {
  if (window.startId !== null) return window;
  const { start } = windowBounds(messages, window);
  return { startId: messages[start]?.id ?? null, endId: window.endId };
}

/** Back at the live end: the window follows the present again once it holds more than WINDOW_MAX. */
export function atPresent(messages: readonly Identified[], window: MessageWindow): MessageWindow {
  if (window.endId !== null || window.startId === null) return window;
  const { start } = windowBounds(messages, window);
  return messages.length - start > WINDOW_MAX ? PRESENT : window;
}

/** A window with the message at `index` near its middle (a jump to a message loaded but out of the page). */
export function windowAround(messages: readonly Identified[], index: number): MessageWindow {
  const start = Math.max(0, Math.min(index - Math.floor(WINDOW_MAX / 2), messages.length - WINDOW_MAX));
  return windowOf(messages, start, Math.min(messages.length, start + WINDOW_MAX));
}

type Revealer = (messageId: string) => boolean;
const revealers = new Set<Revealer>();

/** A message list on screen offers to bring a loaded message into its window; returns the unregister. */
export function registerRevealer(revealer: Revealer): () => void {
  revealers.add(revealer);
  return () => revealers.delete(revealer);
}

/** Brings a loaded message into its list's window; false when no list on screen has it loaded. */
export function revealLoadedMessage(messageId: string): boolean {
  for (const reveal of revealers) if (reveal(messageId)) return true;
  return false;
}
