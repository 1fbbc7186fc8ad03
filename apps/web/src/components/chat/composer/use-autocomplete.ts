"use client";

import { type KeyboardEvent, useMemo, useState } from "react";
import { handleListboxKey } from "@/components/ui/listbox/listbox-keys";
import { type ActiveToken, type AutocompleteSource, activeToken, type Suggestion } from "./autocomplete-source";

export interface AutocompleteState {
  open: boolean;
  token: ActiveToken | null;
  suggestions: Suggestion[];
  active: Suggestion | null;
  setActive(key: string): void;
  /** Writes the suggestion in place of the typed token. */
  pick(suggestion: Suggestion): void;
  /** The composer's key handler while the popup is open: true when it used the key. */
  onKeyDown(event: KeyboardEvent): boolean;
}

/**
 * A combobox's state for the composer's text (`@` people, `#` channels, or any source): open
 * while the caret is just after a trigger and its query and something matches, until Escape
 * closes it for that token. Arrows move, Enter or Tab pick, Escape closes; `onReplace` gets
 * the new text and caret after a pick.
 */
export function useAutocomplete(
  text: string,
  caret: number,
  sources: AutocompleteSource[],
  onReplace: (text: string, caret: number) => void,
): AutocompleteState {
  const token = useMemo(() => activeToken(text, caret, sources), [text, caret, sources]);
  const suggestions = useMemo(() => (token ? token.source.suggest(token.query) : []), [token]);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const tokenId = token ? `${token.start}:${token.source.trigger}${token.query}` : null;
  const open = token !== null && suggestions.length > 0 && dismissed !== tokenId;
  const active = suggestions.find((s) => s.key === activeKey) ?? suggestions[0] ?? null;

  function pick(suggestion: Suggestion) {
    if (!token) return;
    const after = text.slice(token.end);
    const insert = `${suggestion.insert}${after.startsWith(" ") ? "" : " "}`;
    onReplace(
      text.slice(0, token.start) + insert + after,
      token.start + insert.length + (after.startsWith(" ") ? 1 : 0),
    );
    setActiveKey(null);
  }

  function onKeyDown(event: KeyboardEvent): boolean {
    if (!open) return false;
    const index = active ? suggestions.indexOf(active) : -1;
    return handleListboxKey(
      event,
      { active: index, count: suggestions.length, wrap: true, homeEnd: false, selectKeys: ["Enter", "Tab"] },
      {
        move: (to) => setActiveKey(suggestions[to]?.key ?? null),
        select() {
          if (!active || event.shiftKey) return false;
          pick(active);
        },
        close: () => setDismissed(tokenId),
      },
    );
  }

  return { open, token, suggestions, active, setActive: setActiveKey, pick, onKeyDown };
}
