"use client";

import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Spinner } from "@/components/ui/spinner";
import { EMOJI_GROUPS, emojiName, type PickableEmoji, searchEmoji } from "./emoji-data";
import { EmojiGlyph } from "./emoji-glyph";
import { useEmojiCatalogue } from "./use-emoji-catalogue";

const COLUMNS = 8;
const MARGIN = 8;

interface Section {
  key: string;
  label: string;
  emoji: PickableEmoji[];
}

function glyphOf(emoji: PickableEmoji) {
  return emoji.kind === "custom"
    ? { id: emoji.id, name: emoji.name, animated: emoji.animated }
    : { id: null, name: emoji.unicode };
}

/**
 * The emoji picker, a popover by `anchor`: a search box (by shortcode, name or tag) that keeps
 * the focus while the arrow keys move through the grid (Enter picks), the guild's own emoji
 * first, then the categories. Escape or a click outside closes it.
 */
export function EmojiPicker({
  anchor,
  guildId,
  onPick,
  onClose,
}: {
  anchor: HTMLElement;
  guildId: string | null;
  onPick(emoji: PickableEmoji): void;
  onClose(): void;
}) {
  const catalogue = useEmojiCatalogue(guildId, true);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const panel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const id = useId();

  // One category at a time (with the guild's own above it) keeps the popover light; search spans them all.
  const [group, setGroup] = useState<number>(EMOJI_GROUPS[0].group);
  const sections = useMemo<Section[]>(() => {
    const unicode = catalogue.unicode ?? [];
    if (query.trim())
      return [{ key: "results", label: "Search results", emoji: searchEmoji(query, unicode, catalogue.custom) }];
    const out: Section[] = [];
    if (catalogue.custom.length > 0) out.push({ key: "custom", label: "This guild", emoji: catalogue.custom });
    const shown = EMOJI_GROUPS.find((g) => g.group === group) ?? EMOJI_GROUPS[0];
    out.push({
      key: `group-${shown.group}`,
      label: shown.label,
      emoji: unicode.filter((e) => e.group === shown.group),
    });
    return out.filter((s) => s.emoji.length > 0);
  }, [query, catalogue.unicode, catalogue.custom, group]);
  const categoryIcons = useMemo(
    () => new Map(EMOJI_GROUPS.map((g) => [g.group, catalogue.unicode?.find((e) => e.group === g.group)])),
    [catalogue.unicode],
  );
  const flat = useMemo(() => sections.flatMap((s) => s.emoji), [sections]);
  const current = flat[Math.min(active, flat.length - 1)];

  useLayoutEffect(() => {
    const box = panel.current;
    if (!box) return;
    const place = () => {
      const a = anchor.getBoundingClientRect();
      const { width, height } = box.getBoundingClientRect();
      const left = Math.max(MARGIN, Math.min(a.right - width, window.innerWidth - width - MARGIN));
      const below = a.bottom + 4;
      const top = below + height <= window.innerHeight - MARGIN ? below : Math.max(MARGIN, a.top - height - 4);
      setPosition({ top, left });
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [anchor]);

  useEffect(() => {
    function outside(event: PointerEvent) {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !anchor.contains(target)) onClose();
    }
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [anchor, onClose]);

  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  function closeAndReturn() {
    onClose();
    if (anchor.isConnected) anchor.focus();
  }

  function pick(emoji: PickableEmoji) {
    onPick(emoji);
    closeAndReturn();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    const move = moves[event.key];
    if (move !== undefined && flat.length > 0) {
      event.preventDefault();
      setActive((at) => Math.max(0, Math.min(flat.length - 1, at + move)));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (current) pick(current);
    }
  }

  const optionId = (index: number) => `${id}-emoji-${index}`;
  let index = -1;
  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-label="Choose an emoji"
      data-testid="emoji-picker"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          closeAndReturn();
        }
      }}
      style={position ?? { top: -9999, left: -9999 }}
      className="fixed z-50 flex h-[min(420px,calc(100dvh-16px))] w-[min(360px,calc(100vw-16px))] flex-col rounded-lg border border-line bg-panel shadow-2xl"
    >
      <div className="border-b border-line p-2">
        <input
          // biome-ignore lint/a11y/noAutofocus: the picker was opened to type in it
          autoFocus
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(Math.min(active, flat.length - 1)) : undefined}
          aria-label="Search emoji"
          placeholder="Search emoji (e.g. smile)"
          className="w-full rounded-md bg-chat px-3 py-1.5 text-sm text-text placeholder:text-faint focus:outline-2 focus:outline-accent"
        />
      </div>
      {!query.trim() && catalogue.unicode ? (
        <nav aria-label="Emoji categories" className="flex gap-0.5 overflow-x-auto border-b border-line px-2 py-1">
          {EMOJI_GROUPS.map((g) => {
            const icon = categoryIcons.get(g.group);
            return (
              <button
                key={g.group}
                type="button"
                title={g.label}
                aria-label={g.label}
                aria-pressed={g.group === group}
                onClick={() => {
                  setGroup(g.group);
                  setActive(catalogue.custom.length);
                  list.current?.scrollTo({ top: 0 });
                }}
                className="grid size-7 shrink-0 place-items-center rounded hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent aria-pressed:bg-hover"
              >
                {icon ? <EmojiGlyph emoji={glyphOf(icon)} size={18} /> : null}
              </button>
            );
          })}
        </nav>
      ) : null}
      {catalogue.unicode === null && !catalogue.failed ? (
        <div className="grid flex-1 place-items-center text-muted">
          <Spinner label="Loading emoji" />
        </div>
      ) : null}
      {catalogue.failed ? (
        <p className="p-4 text-sm text-danger-text">The emoji could not be loaded. Close the picker and try again.</p>
      ) : null}
      {catalogue.unicode && flat.length === 0 ? (
        <p className="p-4 text-sm text-muted">
          No emoji match “{query.trim()}”. Try another word, like “heart” or “smile”.
        </p>
      ) : null}
      <div
        ref={list}
        id={`${id}-list`}
        role="listbox"
        aria-label="Emoji"
        hidden={flat.length === 0}
        className="scroll-thin min-h-0 flex-1 overflow-y-auto px-2 pb-2"
      >
        {sections.map((section) => (
          // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (the ARIA listbox pattern), not a form's fieldset
          <div key={section.key} role="group" aria-labelledby={`${id}-${section.key}`} data-section={section.key}>
            <div
              id={`${id}-${section.key}`}
              className="sticky top-0 bg-panel pt-2 pb-1 text-xs font-semibold text-muted uppercase"
            >
              {section.label}
            </div>
            <div className="grid grid-cols-8 gap-0.5">
              {section.emoji.map((emoji) => {
                index += 1;
                const at = index;
                const selected = at === Math.min(active, flat.length - 1);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the search box's keys drive this listbox (aria-activedescendant)
                  <div
                    key={emoji.kind === "custom" ? emoji.id : emoji.unicode}
                    id={optionId(at)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={selected}
                    aria-label={`:${emojiName(emoji)}:`}
                    data-index={at}
                    data-testid="emoji-option"
                    onPointerMove={() => setActive(at)}
                    onClick={() => pick(emoji)}
                    className={`grid aspect-square cursor-pointer place-items-center rounded ${selected ? "bg-hover ring-2 ring-accent" : ""}`}
                  >
                    <EmojiGlyph emoji={glyphOf(emoji)} size={26} />
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </div>
      <div className="flex h-10 items-center gap-2 border-t border-line px-3 text-sm text-muted">
        {current ? (
          <>
            <EmojiGlyph emoji={glyphOf(current)} size={22} />
            <span className="truncate">:{emojiName(current)}:</span>
          </>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
