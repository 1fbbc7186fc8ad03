"use client";

import { useId, useState, useSyncExternalStore } from "react";
import { useLiveTabId } from "@/components/live/live-provider";
import { AppIcon } from "@/components/ui/app-icon";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { useTRPCClient } from "@/lib/trpc";
import { answerProblems, type FormAnswers, type FormField, formFields } from "./form-fields";
import type { FormStore, OpenForm } from "./form-store";
import { useFormStore } from "./forms-provider";

/** The form an application opened in this tab, if any, as a dialog. */
export function FormDialogHost() {
  const store = useFormStore();
  const form = useSyncExternalStore(store.subscribe, store.current, () => null);
  if (!form) return null;
  return <FormDialog key={form.data.id} form={form} store={store} />;
}

/**
 * An application's form (spec: Form (modal)): its app, title, fields with labels, descriptions
 * and required markers; Submit sends the answers (a spinner until the application answers);
 * a refusal or silence shows in the dialog, which keeps the answers.
 */
function FormDialog({ form, store }: { form: OpenForm; store: FormStore }) {
  const client = useTRPCClient();
  const tabId = useLiveTabId();
  const fields = formFields(form.data.form);
  const [answers, setAnswers] = useState<FormAnswers>(() =>
    Object.fromEntries(fields.map((f) => [f.customId, f.initial])),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const busy = form.submission !== null;
  const idBase = useId();

  const submit = async () => {
    const found = answerProblems(fields, answers);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${idBase}-${fields.findIndex((f) => found[f.customId])}`)?.focus();
      return;
    }
    store.submitting();
    try {
      const { id } = await client.interactions.submitForm.mutate({
        interactionId: form.data.id,
        answers,
        tabId: tabId() ?? undefined,
      });
      store.submitted(id);
    } catch (error) {
      const byField: Record<string, string> = {};
      for (const [path, messages] of Object.entries(fieldErrors(error))) {
        const customId = path.startsWith("answers.") ? path.slice("answers.".length).split(".")[0] : undefined;
        if (customId && messages[0]) byField[customId] = messages[0];
      }
      setProblems(byField);
      store.refused(
        Object.keys(byField).length > 0 ? null : errorMessage(error, "The form could not be sent. Try again."),
      );
    }
  };

  return (
    <Modal open onClose={() => store.close()} title={form.data.form.title}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <p className="-mt-3 flex items-center gap-2 text-sm text-muted">
          <AppIcon
            id={form.data.application.id}
            name={form.data.application.name}
            iconUrl={form.data.application.icon_url}
            size="xs"
            decorative
          />
          <span className="font-medium text-text">{form.data.application.name}</span>
        </p>
        {fields.map((field, index) => (
          <FieldInput
            key={field.customId}
            id={`${idBase}-${index}`}
            field={field}
            value={answers[field.customId] ?? ""}
            problem={problems[field.customId] ?? null}
            disabled={busy}
            onChange={(value) => {
              setAnswers((current) => ({ ...current, [field.customId]: value }));
              // What was wrong with the field is no longer known to be wrong once it changes.
              setProblems(({ [field.customId]: _, ...rest }) => rest);
            }}
          />
        ))}
        {form.error ? (
          <p role="alert" className="rounded-md border border-danger bg-danger/10 px-3 py-2 text-sm text-danger-text">
            {form.error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => store.close()}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {busy ? "Submitting…" : "Submit"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

const INPUT =
  "rounded-md border bg-field px-3 text-[15px] text-text placeholder:text-faint focus:outline-none focus-visible:outline-2 focus-visible:outline-accent";

function FieldInput({
  id,
  field,
  value,
  problem,
  disabled,
  onChange,
}: {
  id: string;
  field: FormField;
  value: string | string[];
  problem: string | null;
  disabled: boolean;
  onChange(value: string | string[]): void;
}) {
  const descriptionId = `${id}-description`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const text = typeof value === "string" ? value : "";
  const describedBy =
    [field.description ? descriptionId : null, field.kind !== "select" ? counterId : null, problem ? errorId : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const common = {
    id,
    disabled,
    "aria-invalid": problem ? true : undefined,
    "aria-required": field.required || undefined,
    "aria-describedby": describedBy,
  };
  const border = problem ? "border-danger" : "border-line";
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {field.label}
        {field.required ? (
          <span className="ml-1 text-danger-text" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {field.description ? (
        <p id={descriptionId} className="text-xs text-muted">
          {field.description}
        </p>
      ) : null}
      {field.kind === "select" ? (
        field.maxValues > 1 ? (
          <select
            {...common}
            multiple
            value={Array.isArray(value) ? value : []}
            onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}
            className={`${INPUT} ${border} py-2`}
          >
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <select
            {...common}
            value={Array.isArray(value) ? (value[0] ?? "") : ""}
            onChange={(e) => onChange(e.target.value ? [e.target.value] : [])}
            className={`${INPUT} ${border} h-10`}
          >
            <option value="">{field.placeholder ?? "Choose an option"}</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )
      ) : field.kind === "paragraph" ? (
        <textarea
          {...common}
          value={text}
          rows={4}
          maxLength={field.maxLength}
          placeholder={field.placeholder ?? undefined}
          onChange={(e) => onChange(e.target.value)}
          className={`${INPUT} ${border} resize-y py-2`}
        />
      ) : (
        <input
          {...common}
          type="text"
          value={text}
          maxLength={field.maxLength}
          placeholder={field.placeholder ?? undefined}
          onChange={(e) => onChange(e.target.value)}
          className={`${INPUT} ${border} h-10`}
        />
      )}
      {field.kind !== "select" ? (
        <p id={counterId} className="self-end text-xs text-muted">
          {text.length} / {field.maxLength}
          <span className="sr-only"> characters</span>
        </p>
      ) : null}
      {problem ? (
        <p id={errorId} role="alert" className="text-xs text-danger-text">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
