"use client";

import { type FormEvent, type KeyboardEvent, type Ref, useState } from "react";
import { SendIcon } from "@/components/ui/icons";

const MAX_LENGTH = 2000;

/** The message box: Enter sends, Shift+Enter adds a line. */
export function Composer({ channelName, disabled = false, onSend, ref }: { channelName: string; disabled?: boolean; onSend(content: string): void; ref?: Ref<HTMLTextAreaElement> }) {
  const [value, setValue] = useState("");
  const tooLong = value.length > MAX_LENGTH;
  const canSend = value.trim().length > 0 && !tooLong && !disabled;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(value);
    setValue("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const rows = Math.min(10, value.split("\n").length);
  return (
    <form onSubmit={submit} className="px-4 pb-6" aria-label="Send a message">
      <div className={`flex items-end gap-2 rounded-lg bg-raised px-4 focus-within:ring-2 ${tooLong ? "ring-2 ring-danger" : "focus-within:ring-accent/70"}`}>
        <textarea
          ref={ref}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
          rows={rows}
          disabled={disabled}
          placeholder={`Message #${channelName}`}
          aria-label={`Message #${channelName}`}
          aria-describedby="composer-help"
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
        </span>
        {value.length > MAX_LENGTH - 200 ? <span className={tooLong ? "text-danger" : ""}>{MAX_LENGTH - value.length}</span> : null}
      </p>
    </form>
  );
}
