"use client";

import { useEffect, useRef } from "react";
import { AppIcon } from "@/components/ui/app-icon";
import { Spinner } from "@/components/ui/spinner";
import type { SlashEntry } from "./command-entries";
import type { CommandPickerState } from "./use-command-picker";

/** The id of an entry's option element, for the composer's aria-activedescendant. */
export function entryOptionId(listId: string, entry: SlashEntry): string {
  return `${listId}-${entry.key.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
}

/**
 * The commands matching what follows the `/`, grouped by application with its picture: a
 * listbox the composer drives (focus stays in the composer, the active entry is its
 * aria-activedescendant). A click picks too.
 */
export function CommandPicker({
  id,
  picker,
  onPick,
}: {
  id: string;
  picker: CommandPickerState;
  onPick(entry: SlashEntry): void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const activeId = picker.active ? entryOptionId(id, picker.active) : null;

  useEffect(() => {
    if (!activeId) return;
    list.current?.querySelector(`#${CSS.escape(activeId)}`)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const shell =
    "absolute right-4 bottom-full left-4 z-20 mb-2 overflow-hidden rounded-lg border border-line bg-panel shadow-2xl";
  if (picker.groups === null) {
    return (
      <div className={`${shell} flex items-center gap-2 px-4 py-3 text-sm text-muted`} role="status">
        <Spinner className="size-4" /> Loading commands…
      </div>
    );
  }
  return (
    <div className={shell} data-testid="command-picker">
      <p
        className="border-b border-line px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted"
        aria-hidden="true"
      >
        {picker.query ? `Commands matching “/${picker.query}”` : "Commands"}
      </p>
      <div
        ref={list}
        id={id}
        role="listbox"
        aria-label="Commands"
        className="scroll-thin max-h-[min(360px,45vh)] overflow-y-auto py-1"
      >
        {picker.groups.map((group) => {
          const headingId = `${id}-app-${group.application.id}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (the ARIA listbox pattern), not a form's fieldset
            <div key={group.application.id} role="group" aria-labelledby={headingId}>
              <div id={headingId} className="flex items-center gap-2 px-4 pt-2 pb-1 text-xs font-semibold text-muted">
                <AppIcon
                  id={group.application.id}
                  name={group.application.name}
                  iconUrl={group.application.iconUrl}
                  size="xs"
                  decorative
                />
                {group.application.name}
              </div>
              {group.entries.map((entry) => {
                const active = entry === picker.active;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the composer's keys drive this listbox (aria-activedescendant)
                  <div
                    key={entry.key}
                    id={entryOptionId(id, entry)}
                    role="option"
                    aria-selected={active}
                    tabIndex={-1}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => picker.setActive(entry.key)}
                    onClick={() => onPick(entry)}
                    className={`mx-2 flex cursor-pointer flex-wrap items-baseline gap-x-2 rounded-md px-2 py-1.5 ${active ? "bg-hover text-white" : "text-text"}`}
                  >
                    <span className="font-semibold">/{entry.label}</span>
                    <span className="min-w-0 truncate text-sm text-muted">{entry.description}</span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      {picker.entries.length === 0 ? (
        <p className="px-4 pb-3 text-sm text-muted" role="status">
          No command matches “/{picker.query}”. Press Enter to send it as a message.
        </p>
      ) : (
        <p className="border-t border-line px-4 py-1.5 text-[11px] text-faint" aria-hidden="true">
          ↑ ↓ to choose · Enter or Tab to pick · Esc to close
        </p>
      )}
    </div>
  );
}
