"use client";

import type { SelectView } from "@chat/api/views";
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { handleListboxKey } from "@/components/ui/listbox/listbox-keys";
import { Spinner } from "@/components/ui/spinner";
import { ComponentEmoji } from "./component-emoji";
import { initialValues, useSelectChoices } from "./select-choices";

const GAP = 4;
const MAX_HEIGHT = 320;

/**
 * A bot message's select (string, user, role, mentionable or channel): a button opening a
 * listbox. One choice is sent as soon as it is picked; several (`max_values` > 1) once
 * "Choose" is pressed with between `min_values` and `max_values` of them. Escape closes
 * without sending.
 */
export function ComponentSelect({
  select,
  pending,
  locked,
  onSubmit,
}: {
  select: SelectView;
  pending: boolean;
  locked: boolean;
  onSubmit(values: string[]): void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(() => initialValues(select));
  const [draft, setDraft] = useState<string[]>(chosen);
  const [active, setActive] = useState(0);
  const [position, setPosition] = useState<{ left: number; top: number; width: number; maxHeight: number } | null>(
    null,
  );
  const trigger = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const { choices, loading } = useSelectChoices(select, open || chosen.length > 0);
  const multiple = select.maxValues > 1;
  const shown = chosen.map((v) => choices.find((c) => c.value === v)?.label ?? v);

  useLayoutEffect(() => {
    if (!open || !trigger.current) return;
    const box = trigger.current.getBoundingClientRect();
    const below = window.innerHeight - box.bottom - GAP * 2;
    const above = box.top - GAP * 2;
    const height = Math.min(MAX_HEIGHT, popup.current?.scrollHeight ?? MAX_HEIGHT);
    const up = below < height && above > below;
    const maxHeight = Math.min(MAX_HEIGHT, up ? above : below);
    setPosition({
      left: box.left,
      width: Math.max(box.width, 240),
      top: up ? box.top - GAP - Math.min(height, maxHeight) : box.bottom + GAP,
      maxHeight,
    });
  }, [open]);

  // Once placed (and so visible, which focus needs), the list takes the focus.
  const placed = open && position !== null;
  useEffect(() => {
    if (placed) list.current?.focus();
  }, [placed]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!popup.current?.contains(event.target as Node) && !trigger.current?.contains(event.target as Node))
        setOpen(false);
    };
    const away = (event: Event) => {
      if (!popup.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside, true);
    document.addEventListener("scroll", away, true);
    window.addEventListener("resize", away);
    return () => {
      document.removeEventListener("pointerdown", outside, true);
      document.removeEventListener("scroll", away, true);
      window.removeEventListener("resize", away);
    };
  }, [open]);

  useEffect(() => {
    if (open) list.current?.querySelector(`#${CSS.escape(`${id}-${active}`)}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, id]);

  function show() {
    setPosition(null);
    setDraft(chosen);
    setActive(
      Math.max(
        0,
        choices.findIndex((c) => chosen.includes(c.value)),
      ),
    );
    setOpen(true);
  }

  function close() {
    setOpen(false);
    trigger.current?.focus();
  }

  function send(values: string[]) {
    setChosen(values);
    close();
    onSubmit(values);
  }

  function toggle(value: string) {
    if (!multiple) return send([value]);
    setDraft((current) =>
      current.includes(value)
        ? current.filter((v) => v !== value)
        : current.length < select.maxValues
          ? [...current, value]
          : current,
    );
  }

  function onListKey(event: KeyboardEvent) {
    const current = choices[active];
    const used = handleListboxKey(
      event,
      {
        active,
        count: choices.length,
        wrap: false,
        selectKeys: ["Enter", " "],
        labels: choices.map((choice) => choice.label),
      },
      {
        move: (index) => setActive(index),
        select(key) {
          if (key === "Enter" && multiple && draftValid) send(draft);
          else if (current) toggle(current.value);
        },
        close,
      },
    );
    if (used) event.stopPropagation();
  }

  const draftValid = draft.length >= select.minValues && draft.length <= select.maxValues;
  const limits =
    select.minValues === select.maxValues
      ? `Choose ${select.minValues}`
      : `Choose ${select.minValues}–${select.maxValues}`;
  return (
    <div className="w-full max-w-[400px]" data-testid="component-select">
      <button
        ref={trigger}
        type="button"
        disabled={select.disabled || locked}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-busy={pending || undefined}
        onClick={() => (open ? close() : show())}
        onKeyDown={(e) => {
          if ((e.key === "ArrowDown" || e.key === "ArrowUp") && !open) {
            e.preventDefault();
            show();
          }
        }}
        className={`flex h-10 w-full items-center gap-2 rounded border border-black/40 bg-field px-3 text-left text-[15px] disabled:cursor-not-allowed ${select.disabled ? "opacity-50" : ""}`}
      >
        <span className={`min-w-0 flex-1 truncate ${shown.length > 0 ? "text-text" : "text-muted"}`}>
          {shown.length > 0 ? shown.join(", ") : (select.placeholder ?? "Make a selection")}
        </span>
        {pending ? <Spinner className="size-4" label="Waiting for the app" /> : <span aria-hidden="true">▾</span>}
      </button>
      {open ? (
        <div
          ref={popup}
          style={
            position ? { left: position.left, top: position.top, width: position.width } : { visibility: "hidden" }
          }
          className="fixed z-50 flex flex-col overflow-hidden rounded-md border border-line bg-rail shadow-2xl"
        >
          <div
            ref={list}
            id={`${id}-list`}
            role="listbox"
            tabIndex={0}
            aria-label={select.placeholder ?? "Choices"}
            aria-multiselectable={multiple || undefined}
            aria-activedescendant={choices[active] ? `${id}-${active}` : undefined}
            onKeyDown={onListKey}
            style={{ maxHeight: (position?.maxHeight ?? MAX_HEIGHT) - (multiple ? 48 : 0) }}
            className="scroll-thin overflow-y-auto p-1 outline-none"
          >
            {loading ? (
              <p className="flex items-center gap-2 px-2 py-2 text-sm text-muted">
                <Spinner className="size-4" /> Loading…
              </p>
            ) : null}
            {choices.map((choice, index) => {
              const selected = (multiple ? draft : chosen).includes(choice.value);
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox's keys (aria-activedescendant) choose too
                <div
                  key={choice.value}
                  id={`${id}-${index}`}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => toggle(choice.value)}
                  className={`flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 ${index === active ? "bg-hover" : ""}`}
                >
                  {multiple ? (
                    <span
                      aria-hidden="true"
                      className={`grid size-4 shrink-0 place-items-center rounded-sm border ${selected ? "border-accent bg-accent text-white" : "border-muted"}`}
                    >
                      {selected ? "✓" : ""}
                    </span>
                  ) : null}
                  <ComponentEmoji emoji={choice.emoji} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm text-text">{choice.label}</span>
                    {choice.description ? (
                      <span className="block truncate text-xs text-muted">{choice.description}</span>
                    ) : null}
                  </span>
                  {!multiple && selected ? <span aria-hidden="true">✓</span> : null}
                </div>
              );
            })}
          </div>
          {multiple ? (
            <div className="flex items-center justify-between gap-2 border-t border-line px-2 py-1.5">
              <span className="text-xs text-muted">
                {limits} · {draft.length} chosen
              </span>
              <button
                type="button"
                disabled={!draftValid}
                onClick={() => send(draft)}
                className="h-8 rounded bg-accent-strong px-3 text-sm font-medium text-white disabled:opacity-50"
              >
                Choose
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
