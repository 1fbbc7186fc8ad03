"use client";

import { type KeyboardEvent, type ReactNode, type RefObject, useId, useMemo, useState } from "react";
import { handleListboxKey } from "@/components/ui/listbox/listbox-keys";
import { emojiName, emojiText, type PickableEmoji, searchEmoji } from "../emoji/emoji-data";
import { EmojiGlyph } from "../emoji/emoji-glyph";
import { useEmojiCatalogue } from "../emoji/use-emoji-catalogue";
import { useSocial } from "../social/social-context";

const MAX_SUGGESTIONS = 8;
/** `:` then at least two name characters, right before the caret, at the start or after a space. */
const TYPED = /(^|\s):([a-z0-9_+-]{2,32})$/i;

export interface EmojiAutocomplete {
  /** Handles the key when the suggestions are open (answers true); the composer then does nothing more. */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** The suggestions, to place inside the composer's (relative) form. */
  element: ReactNode;
  /** ARIA for the message box while the suggestions are open (spread after its own). */
  inputProps: { "aria-controls"?: string; "aria-activedescendant"?: string };
}

/**
 * `:` emoji autocomplete for a message box: `:smi` suggests emoji by shortcode (the guild's own
 * first); ArrowUp/ArrowDown choose, Enter or Tab inserts the emoji (`<:name:id>` for a custom
 * one), Escape closes the list. Self-contained: the composer passes its text and box, forwards
 * keys and shows `element`, so other autocompletes can sit beside it.
 */
export function useEmojiAutocomplete(
  value: string,
  setValue: (next: string) => void,
  box: RefObject<HTMLTextAreaElement | null> | undefined,
): EmojiAutocomplete {
  const social = useSocial();
  const listId = useId();
  const caret = box?.current?.selectionEnd ?? value.length;
  const before = value.slice(0, caret);
  const typed = TYPED.exec(before);
  const query = typed ? (typed[2] as string) : null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const catalogue = useEmojiCatalogue(social?.guildId ?? null, query !== null);

  const suggestions = useMemo<PickableEmoji[]>(
    () => (query && catalogue.unicode ? searchEmoji(query, catalogue.unicode, catalogue.custom, MAX_SUGGESTIONS) : []),
    [query, catalogue.unicode, catalogue.custom],
  );
  const open = query !== null && query !== dismissed && suggestions.length > 0;
  const at = Math.min(active, Math.max(0, suggestions.length - 1));

  // A new word starts at the first suggestion again.
  const [activeFor, setActiveFor] = useState(query);
  if (activeFor !== query) {
    setActiveFor(query);
    setActive(0);
  }

  function insert(emoji: PickableEmoji) {
    if (!typed) return;
    const start = caret - (typed[2] as string).length - 1;
    const text = `${emojiText(emoji)} `;
    setValue(value.slice(0, start) + text + value.slice(caret));
    const position = start + text.length;
    requestAnimationFrame(() => box?.current?.setSelectionRange(position, position));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    return handleListboxKey(
      event,
      { active: at, count: suggestions.length, wrap: true, homeEnd: false, selectKeys: ["Enter", "Tab"] },
      {
        move: (index) => setActive(index),
        select(key) {
          const chosen = suggestions[at];
          if ((key === "Enter" && event.shiftKey) || !chosen) return false;
          insert(chosen);
        },
        close: () => setDismissed(query),
      },
    );
  }

  const optionId = (index: number) => `${listId}-${index}`;
  const element = open ? (
    <div
      className="absolute right-4 bottom-full left-4 z-30 mb-1 rounded-lg border border-line bg-panel p-1 shadow-xl"
      data-testid="emoji-autocomplete"
    >
      <p className="px-2 pt-1 pb-1.5 text-xs font-semibold text-muted uppercase">Emoji matching :{query}</p>
      <div id={listId} role="listbox" aria-label="Emoji suggestions">
        {suggestions.map((emoji, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the message box keeps the focus and takes the keys (aria-activedescendant)
          <div
            key={emoji.kind === "custom" ? emoji.id : emoji.unicode}
            id={optionId(index)}
            role="option"
            aria-selected={index === at}
            tabIndex={-1}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => insert(emoji)}
            onPointerMove={() => setActive(index)}
            className={`flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm ${index === at ? "bg-hover text-white" : "text-text"}`}
          >
            <EmojiGlyph
              emoji={
                emoji.kind === "custom"
                  ? { id: emoji.id, name: emoji.name, animated: emoji.animated }
                  : { id: null, name: emoji.unicode }
              }
              size={20}
            />
            <span>:{emojiName(emoji)}:</span>
          </div>
        ))}
      </div>
    </div>
  ) : null;

  return {
    onKeyDown,
    element,
    inputProps: open ? { "aria-controls": listId, "aria-activedescendant": optionId(at) } : {},
  };
}
