"use client";

import type { CommandGroupView } from "@chat/api/views";
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { SendIcon } from "@/components/ui/icons";
import type { SlashEntry } from "./commands/command-entries";
import { CommandForm } from "./commands/command-form";
import { CommandPicker, entryOptionId } from "./commands/command-picker";
import type { OptionErrors, OptionInputs } from "./commands/option-values";
import { useCommandPicker } from "./commands/use-command-picker";
import { useEmojiAutocomplete } from "./emoji/use-emoji-autocomplete";

const MAX_LENGTH = 2000;
/** While someone keeps typing, others are told again this often (their indicator lasts 10 s). */
const TYPING_EVERY_MS = 8_000;

/** The slash commands the composer offers, and how a filled one is sent (answering the problems to show, or null). */
export interface ComposerCommands {
  /** Null while loading. */
  groups: CommandGroupView[] | null;
  send(entry: SlashEntry, inputs: OptionInputs): Promise<OptionErrors | null>;
  /** The picker opened: commands may have changed since they were loaded. */
  refresh?(): void;
}

/**
 * The message box: Enter sends, Shift+Enter adds a line; typing tells the channel (`onTyping`,
 * at most every 8 s). A `/` at the start opens the command picker; a picked command's options
 * are filled in a form in its place.
 */
export function Composer({
  channelName,
  disabled = false,
  onSend,
  onTyping,
  commands,
  onEditLast,
  ref,
}: {
  channelName: string;
  disabled?: boolean;
  onSend(content: string): void;
  onTyping?(): void;
  commands?: ComposerCommands;
  /** ArrowUp in the empty box: edit the person's last message (answers whether there was one). */
  onEditLast?(): boolean;
  ref?: RefObject<HTMLTextAreaElement | null>;
}) {
  const [value, setValue] = useState("");
  const [picked, setPicked] = useState<SlashEntry | null>(null);
  const lastTyping = useRef(0);
  const listId = useId();
  const picker = useCommandPicker(commands ? value : "", commands?.groups ?? null, pick);
  const emoji = useEmojiAutocomplete(value, change, ref);

  const pickerShown = picker.open && !disabled;
  const refresh = commands?.refresh;
  useEffect(() => {
    if (pickerShown) refresh?.();
  }, [pickerShown, refresh]);

  function pick(entry: SlashEntry) {
    setPicked(entry);
    setValue("");
  }

  // Back from a command's form, the message box (a new element) takes the focus once it is there.
  const focusBack = useRef(false);
  function backToMessage() {
    focusBack.current = true;
    setPicked(null);
  }
  useEffect(() => {
    if (picked || !focusBack.current) return;
    focusBack.current = false;
    ref?.current?.focus();
  }, [picked, ref]);

  function change(next: string) {
    setValue(next);
    const now = Date.now();
    if (next.trim() && onTyping && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  }
  const tooLong = value.length > MAX_LENGTH;
  const canSend = value.trim().length > 0 && !tooLong && !disabled;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(value);
    setValue("");
    lastTyping.current = 0;
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (picker.onKeyDown(event)) return;
    if (emoji.onKeyDown(event)) return;
    if (event.key === "ArrowUp" && value === "" && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey && onEditLast?.()) {
      event.preventDefault();
      return;
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  if (picked && commands) {
    return (
      <CommandForm
        key={picked.key}
        entry={picked}
        onCancel={backToMessage}
        onSend={async (inputs) => {
          const refused = await commands.send(picked, inputs);
          if (!refused) backToMessage();
          return refused;
        }}
      />
    );
  }

  const rows = Math.min(10, value.split("\n").length);
  const pickerOpen = pickerShown;
  return (
    <form onSubmit={submit} className="relative px-4 pb-6" aria-label="Send a message">
      {pickerOpen ? <CommandPicker id={listId} picker={picker} onPick={pick} /> : null}
      {emoji.element}
      <div className={`flex items-end gap-2 rounded-lg bg-raised px-4 focus-within:ring-2 ${tooLong ? "ring-2 ring-danger" : "focus-within:ring-accent/70"}`}>
        <textarea
          ref={ref}
          value={value}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          rows={rows}
          disabled={disabled}
          placeholder={`Message #${channelName}`}
          aria-label={`Message #${channelName}`}
          aria-describedby="composer-help"
          aria-autocomplete={commands ? "list" : undefined}
          aria-controls={pickerOpen && picker.groups ? listId : undefined}
          aria-activedescendant={pickerOpen && picker.active ? entryOptionId(listId, picker.active) : undefined}
          {...emoji.inputProps}
          className="scroll-thin max-h-[40vh] min-h-[44px] flex-1 resize-none bg-transparent py-[11px] text-[15px] leading-[22px] text-text placeholder:text-faint focus:outline-none"
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label="Send message"
          className="mb-1.5 grid size-8 shrink-0 place-items-center rounded-md text-muted transition-colors hover:text-text enabled:hover:bg-hover disabled:opacity-40"
        >
          <SendIcon width={18} height={18} />
        </button>
      </div>
      <p id="composer-help" className="mt-1 flex justify-between px-1 text-[11px] text-faint">
        <span>
          <kbd className="font-sans font-semibold">Enter</kbd> to send · <kbd className="font-sans font-semibold">Shift + Enter</kbd> for a new line
          {commands?.groups?.some((g) => g.commands.some((c) => c.type === 1)) ? (
            <>
              {" "}
              · <kbd className="font-sans font-semibold">/</kbd> for commands
            </>
          ) : null}
        </span>
        {value.length > MAX_LENGTH - 200 ? <span className={tooLong ? "text-danger" : ""}>{MAX_LENGTH - value.length}</span> : null}
      </p>
    </form>
  );
}
