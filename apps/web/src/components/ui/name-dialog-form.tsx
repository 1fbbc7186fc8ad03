"use client";

import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField, type TextFieldProps } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";

/**
 * The state of a one-field "name" form; `submit` calls `save` with the name. Errors on the name (or on the
 * whole input) go under the field, others above the form. Keep it in the dialog's owner so it outlives the dialog's content.
 */
export function useNameForm(save: (name: string) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameErrors, setNameErrors] = useState<string[]>([]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    setBusy(true);
    setError(null);
    setNameErrors([]);
    try {
      await save(name);
    } catch (e) {
      const fields = fieldErrors(e);
      const onName = fields._ ?? fields.name;
      if (onName) setNameErrors(onName);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, nameErrors, setNameErrors, submit };
}

export type NameForm = ReturnType<typeof useNameForm>;

/** The form of a dialog that asks for a name: the field, then Cancel (or Close) and the submit button. */
export function NameDialogForm({
  form,
  field,
  submitLabel,
  cancelLabel = "Cancel",
  onCancel,
}: {
  form: NameForm;
  field: TextFieldProps;
  /** Without it there is no submit button (e.g. the name is read-only). */
  submitLabel?: string;
  cancelLabel?: string;
  onCancel(): void;
}) {
  return (
    <form onSubmit={form.submit} className="flex flex-col gap-4" noValidate>
      {form.error ? <Alert tone="error">{form.error}</Alert> : null}
      <TextField
        name="name"
        required
        autoFocus
        errors={form.nameErrors}
        {...field}
        onChange={(event) => {
          // A field error describes what was sent; it goes once the name is being changed.
          if (form.nameErrors.length > 0) form.setNameErrors([]);
          field.onChange?.(event);
        }}
      />
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
        {submitLabel ? (
          <Button type="submit" busy={form.busy}>
            {submitLabel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
