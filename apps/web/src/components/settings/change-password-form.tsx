"use client";

import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors, isUnauthorized } from "@/lib/errors";
import { sendToLogin } from "@/lib/return-path";
import { trpc } from "@/lib/trpc";

/** Current password, then the new one twice. Other devices are logged out; this one stays. */
export function ChangePasswordForm({ username }: { username: string }) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    setDone(false);
    setFormError(null);
    if (newPassword !== String(form.get("confirm") ?? "")) {
      setErrors({ confirm: ["The new passwords don’t match."] });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await trpc.account.changePassword.mutate({ currentPassword, newPassword });
      formElement.reset();
      setDone(true);
    } catch (error) {
      if (isUnauthorized(error)) return sendToLogin();
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} className="mt-4 flex max-w-md flex-col gap-4" aria-label="Change password" noValidate>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {done ? <Alert tone="success">Password changed. Every other device was logged out.</Alert> : null}
      {/* For password managers: which account this password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required errors={errors.currentPassword} />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        errors={errors.newPassword ?? errors._}
      />
      <TextField label="Confirm new password" name="confirm" type="password" autoComplete="new-password" required errors={errors.confirm} />
      <Button type="submit" busy={busy} className="self-start">
        Change password
      </Button>
    </form>
  );
}
