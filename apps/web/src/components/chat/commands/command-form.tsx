"use client";

import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { AppIcon } from "@/components/ui/app-icon";
import { Button } from "@/components/ui/button";
import { useChatActions } from "./chat-actions";
import type { SlashEntry } from "./command-entries";
import { OptionField } from "./option-field";
import { checkOption, checkOptions, type OptionErrors, type OptionInput, type OptionInputs } from "./option-values";

/**
 * A picked slash command's options, filled in where the message box was: required ones first,
 * each with the picker its type calls for, checked before sending (the service checks again and
 * its refusals show here too). Escape or Cancel goes back to the message box.
 */
export function CommandForm({
  entry,
  onCancel,
  onSend,
}: {
  entry: SlashEntry;
  onCancel(): void;
  onSend(inputs: OptionInputs): Promise<OptionErrors | null>;
}) {
  const baseId = useId();
  const fieldId = (name: string) => `${baseId}-option-${name}`;
  const [inputs, setInputs] = useState<OptionInputs>({});
  const [errors, setErrors] = useState<OptionErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const actions = useChatActions();

  useEffect(() => {
    const first = form.current?.querySelector<HTMLElement>(
      "[data-option-field] input, [data-option-field] select, button[type=submit]",
    );
    first?.focus();
  }, []);

  function change(name: string, value: OptionInput | undefined) {
    setInputs((current) => ({ ...current, [name]: value }));
    const option = entry.options.find((o) => o.name === name);
    // A file is judged when chosen (too big is said at once); other fields once they were wrong.
    if (!errors[name] && option?.type !== 11) return;
    const problem = option ? checkOption(option, value) : null;
    setErrors((current) => {
      const { [name]: _gone, ...rest } = current;
      return problem ? { ...rest, [name]: problem } : rest;
    });
  }

  function showProblems(problems: OptionErrors) {
    setErrors(problems);
    const names = Object.keys(problems).filter((n) => n !== "_");
    setSummary(
      problems._ ??
        (names.length === 1
          ? "One option needs fixing before the command can be sent."
          : `${names.length} options need fixing before the command can be sent.`),
    );
    const first = entry.options.find((o) => problems[o.name]);
    if (first) focusField(first.name);
  }

  /** A field's control; a list of choices by its first radio button. */
  function focusField(name: string) {
    const field = form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(name))}`);
    (field?.getAttribute("role") === "radiogroup" ? field.querySelector<HTMLElement>("input") : field)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const problems = checkOptions(entry.options, inputs);
    if (Object.keys(problems).length > 0) return showProblems(problems);
    setSending(true);
    const refused = await onSend(inputs);
    setSending(false);
    if (refused) showProblems(refused);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      onCancel();
    }
  }

  const titleId = `${baseId}-title`;
  return (
    <form
      ref={form}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      aria-labelledby={titleId}
      className="px-4 pb-6"
      data-testid="command-form"
    >
      <div className="rounded-lg bg-raised p-3 sm:p-4">
        <div className="flex items-start gap-3">
          <AppIcon
            id={entry.application.id}
            name={entry.application.name}
            iconUrl={entry.application.iconUrl}
            size="sm"
            decorative
          />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="font-semibold text-white">
              /{entry.label}
            </h2>
            <p className="text-sm text-muted">
              {entry.description} <span>· {entry.application.name}</span>
            </p>
          </div>
          <button
            type="button"
            onClick={onCancel}
            aria-label="Cancel the command"
            className="grid size-8 shrink-0 place-items-center rounded-md text-muted hover:bg-hover hover:text-text"
          >
            <span aria-hidden="true" className="text-xl leading-none">
              ×
            </span>
          </button>
        </div>
        {entry.options.length > 0 ? (
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {entry.options.map((option) => (
              <div
                key={option.name}
                data-option-field
                className={option.choices.length > 3 || option.type === 11 ? "sm:col-span-2" : ""}
              >
                <OptionField
                  id={fieldId(option.name)}
                  option={option}
                  value={inputs[option.name]}
                  error={errors[option.name]}
                  onChange={(value) => change(option.name, value)}
                  requestChoices={
                    option.autocomplete && actions
                      ? (typed) => actions.requestChoices(entry, inputs, option.name, typed)
                      : undefined
                  }
                />
              </div>
            ))}
          </div>
        ) : (
          <p className="mt-3 text-sm text-muted">This command has no options.</p>
        )}
        {summary && Object.keys(errors).length > 0 ? (
          <p role="alert" className="mt-3 text-sm text-danger-text">
            {summary}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
          <span className="mr-auto text-[11px] text-muted">
            <span aria-hidden="true" className="text-danger-text">
              *
            </span>{" "}
            required · Esc to cancel
          </span>
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="sm" busy={sending}>
            Send command
          </Button>
        </div>
      </div>
    </form>
  );
}
