"use client";

import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors, isUnauthorized } from "@/lib/errors";
import { sendToLogin } from "@/lib/return-path";
import { useTRPC } from "@/lib/trpc";

/** Current password, then the new one twice. Other devices are logged out; this one stays. */
export function ChangePasswordForm({ username }: { username: string }) {
  const trpc = useTRPC();
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onError: (error) => {
        if (isUnauthorized(error)) sendToLogin();
      },
    }),
  );
  const serverErrors = fieldErrors(change.error);
  const errors: Record<string, string[]> = mismatch ? { confirm: ["The new passwords don’t match."] } : serverErrors;
  // The session ended: the person is on the way to the login page, nothing to say here.
  const formError =
    change.error && !isUnauthorized(change.error) && Object.keys(serverErrors).length === 0
      ? errorMessage(change.error)
      : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    const matches = newPassword === String(form.get("confirm") ?? "");
    setMismatch(!matches);
    if (!matches) {
      change.reset();
      return;
    }
    change.mutate({ currentPassword, newPassword }, { onSuccess: () => formElement.reset() });
  }

  return (
    <form
      method="post"
      onSubmit={submit}
      className="mt-4 flex max-w-md flex-col gap-4"
      aria-label="Change password"
      noValidate
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {change.isSuccess ? <Alert tone="success">Password changed. Every other device was logged out.</Alert> : null}
      {/* For password managers: which account this password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        errors={errors.currentPassword}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        errors={errors.newPassword ?? errors._}
      />
      <TextField
        label="Confirm new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        errors={errors.confirm}
      />
      <Button type="submit" busy={change.isPending} className="self-start">
        Change password
      </Button>
    </form>
  );
}
