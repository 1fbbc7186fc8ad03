"use client";

import { useEffect, useRef } from "react";
import type { AutocompleteState } from "./use-autocomplete";

/** The id of a suggestion's option element, for the textarea's aria-activedescendant. */
export function suggestionOptionId(listId: string, key: string): string {
  return `${listId}-${key.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
}

/**
 * The suggestions for the typed `@`, `#` (or another source's trigger) as a listbox above the
 * composer; focus stays in the textarea (aria-activedescendant), a click picks.
 */
export function AutocompletePopup({ id, state }: { id: string; state: AutocompleteState }) {
  const list = useRef<HTMLDivElement>(null);
  const activeId = state.active ? suggestionOptionId(id, state.active.key) : null;
  useEffect(() => {
    if (activeId) list.current?.querySelector(`#${CSS.escape(activeId)}`)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);
  if (!state.open || !state.token) return null;
  const { source, query } = state.token;
  return (
    <div
      className="absolute right-4 bottom-full left-4 z-20 mb-2 overflow-hidden rounded-lg border border-line bg-panel shadow-2xl"
      data-testid="autocomplete"
    >
      <p
        className="border-b border-line px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted"
        aria-hidden="true"
      >
        {query ? `${source.label} matching “${source.trigger}${query}”` : source.label}
      </p>
      <div
        ref={list}
        id={id}
        role="listbox"
        aria-label={source.label}
        className="scroll-thin max-h-[min(320px,40vh)] overflow-y-auto py-1"
      >
        {state.suggestions.map((suggestion) => {
          const active = suggestion === state.active;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the composer's keys drive this listbox (aria-activedescendant)
            <div
              key={suggestion.key}
              id={suggestionOptionId(id, suggestion.key)}
              role="option"
              aria-selected={active}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => state.setActive(suggestion.key)}
              onClick={() => state.pick(suggestion)}
              className={`mx-2 flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 ${active ? "bg-hover text-white" : "text-text"}`}
            >
              {suggestion.icon}
              <span className="truncate font-medium">{suggestion.label}</span>
              {suggestion.detail ? (
                <span className="min-w-0 truncate text-sm text-muted">{suggestion.detail}</span>
              ) : null}
            </div>
          );
        })}
      </div>
      <p className="border-t border-line px-4 py-1.5 text-[11px] text-faint" aria-hidden="true">
        ↑↓ to choose · Enter or Tab to insert · Esc to close
      </p>
    </div>
  );
}
