import type { ReactNode } from "react";

/** One suggestion of a popup: what it shows and the text that replaces the typed `<trigger><query>`. */
export interface Suggestion {
  /** Unique within its source. */
  key: string;
  label: string;
  /** A second, quieter line part (a username, a channel's topic). */
  detail?: string;
  /** A picture before the label (an avatar, an emoji). */
  icon?: ReactNode;
  /** Written in place of the trigger and query (a space follows). */
  insert: string;
}

/**
 * What a trigger character offers: `@` people, `#` channels, `:` emoji. `suggest` answers for
 * the text typed after the trigger (up to the caret, without spaces); `minQuery` characters
 * must be typed before the popup opens (`:` wants 2, so "a:b" and times stay quiet).
 */
export interface AutocompleteSource {
  trigger: string;
  /** The listbox's name for screen readers ("Members", "Channels", "Emoji"). */
  label: string;
  minQuery?: number;
  suggest(query: string): Suggestion[];
}

/** The typed trigger and query the caret is at, with where it starts in the text. */
export interface ActiveToken {
  source: AutocompleteSource;
  query: string;
  start: number;
  end: number;
}

/**
 * The token right before the caret: a trigger at the start of the text or after a space or
 * line break, then what was typed up to the caret (no spaces).
 */
export function activeToken(text: string, caret: number, sources: AutocompleteSource[]): ActiveToken | null {
  const before = text.slice(0, caret);
  for (const source of sources) {
    const at = before.lastIndexOf(source.trigger);
    if (at < 0 || (at > 0 && !/\s/.test(before[at - 1] ?? ""))) continue;
    const query = before.slice(at + source.trigger.length);
    if (/\s/.test(query) || query.length < (source.minQuery ?? 0)) continue;
    return { source, query, start: at, end: caret };
  }
  return null;
}

/** Ranks by where the query appears in any of the names: at the start first, then inside. */
export function rankByName<T>(items: T[], query: string, names: (item: T) => string[], limit = 10): T[] {
  const q = query.toLowerCase();
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const lowered = names(item).map((n) => n.toLowerCase());
    const score = q === "" ? 0 : lowered.some((n) => n.startsWith(q)) ? 0 : lowered.some((n) => n.includes(q)) ? 1 : -1;
    if (score >= 0) scored.push({ item, score });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((s) => s.item);
}
