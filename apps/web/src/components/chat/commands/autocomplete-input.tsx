"use client";

import type { CommandOptionView } from "@chat/api/views";
import { type KeyboardEvent, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { handleListboxKey } from "@/components/ui/listbox/listbox-keys";
import { errorMessage } from "@/lib/errors";
import { useAutocompleteStore } from "./autocomplete-provider";

/** How long typing must pause before the application is asked (the reference client's feel). */
const DEBOUNCE_MS = 250;

export const LOADING_FAILED = "Loading options failed";

/**
 * An option marked `autocomplete`: a combobox whose list the application fills as the person
 * types (debounced; only the latest request's answer shows). Picking a choice shows its name and
 * makes its value the option's value; the typed text stays the value otherwise, so a silent
 * application ("Loading options failed") never blocks sending the command.
 */
export function AutocompleteInput({
  id,
  option,
  value,
  invalid,
  onChange,
  request,
  ...aria
}: {
  id: string;
  option: CommandOptionView;
  value: string;
  invalid: boolean;
  onChange(value: string | undefined): void;
  /** Asks for choices for `typed`: answers the interaction's id. */
  request(typed: string): Promise<string>;
  "aria-describedby": string;
  "aria-invalid"?: boolean;
  "aria-required"?: boolean;
}) {
  const store = useAutocompleteStore();
  const [shown, setShown] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The latest request: its id once created, or why it was refused. */
  const [latest, setLatest] = useState<{ seq: number; id: string | null; refused: string | null } | null>(null);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const outcome = useSyncExternalStore(
    store.subscribe,
    () => store.outcome(latest?.id ?? null),
    () => undefined,
  );
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const choices = outcome?.kind === "choices" ? outcome.choices : [];
  const listId = `${id}-choices`;
  const optionId = (index: number) => `${id}-choice-${index}`;

  function ask(typed: string) {
    const mine = ++seq.current;
    setLatest({ seq: mine, id: null, refused: null });
    setActive(-1);
    request(typed).then(
      (interactionId) => {
        if (seq.current === mine) setLatest({ seq: mine, id: interactionId, refused: null });
      },
      (error: unknown) => {
        if (seq.current === mine) setLatest({ seq: mine, id: null, refused: errorMessage(error, LOADING_FAILED) });
      },
    );
  }

  function typed(text: string) {
    setShown(text);
    setOpen(true);
    onChange(text === "" ? undefined : text);
    clearTimeout(timer.current ?? undefined);
    // Anything asked before is stale from now on: its answer is ignored when it comes.
    seq.current += 1;
    setLatest({ seq: seq.current, id: null, refused: null });
    timer.current = setTimeout(() => ask(text), DEBOUNCE_MS);
  }

  function pick(index: number) {
    const choice = choices[index];
    if (!choice) return;
    setShown(choice.name);
    onChange(String(choice.value));
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (open) {
      handleListboxKey(
        event,
        { active, count: choices.length, wrap: true, homeEnd: false },
        {
          move(index) {
            if (choices.length > 0) setActive(index);
          },
          select() {
            if (active < 0) return false;
            pick(active);
          },
          close: () => setOpen(false),
        },
      );
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (!latest) ask(shown);
    }
  }

  const waiting = latest !== null && latest.refused === null && outcome === undefined;
  const status =
    !open || latest === null
      ? null
      : waiting
        ? "Loading options…"
        : latest.refused
          ? latest.refused
          : outcome?.kind === "failed"
            ? LOADING_FAILED
            : choices.length === 0
              ? "No options match"
              : null;
  const listed = open && choices.length > 0;
  return (
    <div className="flex flex-col gap-1">
      <input
        id={id}
        {...aria}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listed ? listId : undefined}
        aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        inputMode={option.type === 4 ? "numeric" : option.type === 10 ? "decimal" : undefined}
        value={shown}
        onChange={(e) => typed(e.target.value)}
        onFocus={() => {
          setOpen(true);
          if (!latest) ask(shown);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={`h-10 w-full rounded-md border bg-field px-3 text-[15px] text-text placeholder:text-faint focus:outline-none focus-visible:outline-2 focus-visible:outline-accent ${invalid ? "border-danger" : "border-line"}`}
      />
      {listed ? (
        <div
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label={`Options for ${option.name}`}
          className="max-h-56 overflow-y-auto rounded-md border border-line bg-field py-1"
          data-testid={`choices-${option.name}`}
        >
          {choices.map((choice, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's keys (aria-activedescendant) choose too
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: choices have no ids and may repeat; each answer replaces the list whole
              key={index}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Before the input's blur closes the list.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(index)}
              onMouseMove={() => setActive(index)}
              className={`cursor-pointer truncate px-3 py-2 text-sm ${index === active ? "bg-accent/25 text-white" : "text-text hover:bg-hover"}`}
            >
              {choice.name}
            </div>
          ))}
        </div>
      ) : null}
      {status ? (
        <p
          role="status"
          className={`text-xs ${status === LOADING_FAILED || latest?.refused ? "text-danger-text" : "text-muted"}`}
        >
          {status}
        </p>
      ) : null}
    </div>
  );
}
