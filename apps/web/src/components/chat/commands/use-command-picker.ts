"use client";

import type { CommandGroupView } from "@chat/api/views";
import { type KeyboardEvent, useMemo, useState } from "react";
import { handleListboxKey } from "@/components/ui/listbox/listbox-keys";
import { type EntryGroup, filterEntryGroups, type SlashEntry, slashEntryGroups } from "./command-entries";

/** What the composer's text asks of the picker: what follows a `/` at the very start, on one line. */
function slashQuery(text: string): string | null {
  if (!text.startsWith("/") || text.includes("\n")) return null;
  return text.slice(1);
}

export interface CommandPickerState {
  open: boolean;
  /** The text after the `/`. */
  query: string;
  /** Null while the commands load. */
  groups: EntryGroup[] | null;
  entries: SlashEntry[];
  active: SlashEntry | null;
  setActive(key: string): void;
  /** The composer's key handler while the picker is open: true when it used the key. */
  onKeyDown(event: KeyboardEvent): boolean;
}

/**
 * The `/` command picker's state (combobox with a listbox): open while the composer's text is
 * `/` and what follows on one line, until Escape closes it for that text. Arrow keys move,
 * Enter or Tab picks the active entry.
 */
export function useCommandPicker(
  text: string,
  commands: CommandGroupView[] | null,
  onPick: (entry: SlashEntry) => void,
): CommandPickerState {
  const query = slashQuery(text);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const all = useMemo(() => (commands ? slashEntryGroups(commands) : null), [commands]);
  const groups = useMemo(() => (all && query !== null ? filterEntryGroups(all, query) : all), [all, query]);
  const entries = useMemo(() => groups?.flatMap((g) => g.entries) ?? [], [groups]);
  const open = query !== null && dismissedFor !== text && (all === null || all.length > 0);
  const active = entries.find((e) => e.key === activeKey) ?? entries[0] ?? null;

  function onKeyDown(event: KeyboardEvent): boolean {
    if (!open) return false;
    const index = active ? entries.indexOf(active) : -1;
    return handleListboxKey(
      event,
      { active: index, count: entries.length, wrap: true, selectKeys: ["Enter", "Tab"] },
      {
        move(to, key) {
          const entry = entries[to];
          if (entry) setActiveKey(entry.key);
          // With nothing listed the arrows still belong to the picker; Home and End go back to the text box.
          return entry !== undefined || key === "ArrowDown" || key === "ArrowUp";
        },
        select() {
          if (!active || event.shiftKey) return false;
          onPick(active);
        },
        close: () => setDismissedFor(text),
      },
    );
  }

  return { open, query: query ?? "", groups, entries, active, setActive: setActiveKey, onKeyDown };
}
