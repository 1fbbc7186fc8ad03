"use client";

import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { DisplayMessage } from "../messages/use-channel-messages";
import { useMessageActions } from "./message-actions-context";

/** The inline edit box in place of a message's text: Enter saves, Shift+Enter adds a line, Escape cancels. */
export function MessageEditor({ message }: { message: DisplayMessage }) {
  const actions = useMessageActions();
  const [value, setValue] = useState(message.content);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const helpId = useId();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  if (!actions) return null;
  const { save, stopEdit } = actions;

  async function submit() {
    if (saving) return;
    setSaving(true);
    const refused = await save(message, value);
    setSaving(false);
    if (refused) setProblem(refused);
    else stopEdit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      stopEdit();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <div data-testid="message-editor" className="py-1">
      <textarea
        ref={box}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        rows={Math.min(10, value.split("\n").length)}
        maxLength={4000}
        aria-label="Edit message"
        aria-describedby={helpId}
        aria-invalid={problem ? true : undefined}
        aria-busy={saving || undefined}
        className="scroll-thin max-h-[40vh] w-full resize-none rounded-md bg-raised px-3 py-2 text-[15px] leading-[22px] text-text focus:outline-2 focus:outline-accent"
      />
      {problem ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {problem}
        </p>
      ) : null}
      <p id={helpId} className="mt-1 text-xs text-muted">
        Escape to{" "}
        <button type="button" onClick={stopEdit} className="font-medium text-link hover:underline">
          cancel
        </button>{" "}
        · Enter to{" "}
        <button type="button" onClick={() => void submit()} className="font-medium text-link hover:underline">
          save
        </button>
      </p>
    </div>
  );
}
