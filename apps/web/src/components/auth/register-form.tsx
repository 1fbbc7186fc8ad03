"use client";

import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

export function RegisterForm({ callbackUrl }: { callbackUrl: string }) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const confirm = String(form.get("confirm") ?? "");
    if (password !== confirm) {
      setErrors({ confirm: ["The passwords don’t match."] });
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await trpc.account.signUp.mutate({ username, password });
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(errorMessage(error));
      setBusy(false);
      return;
    }
    const result = await signIn("credentials", { redirect: false, username, password });
    if (!result || result.error) {
      window.location.assign(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
      return;
    }
    window.location.assign(callbackUrl);
  }

  return (
    <form method="post" onSubmit={submit} className="flex flex-col gap-4" aria-label="Create an account" noValidate>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
        hint="2–32 characters: lowercase letters, numbers, _ and ."
        errors={errors.username ?? errors._}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters, hard to guess: a few uncommon words work well."
        errors={errors.password}
      />
      <TextField label="Confirm password" name="confirm" type="password" autoComplete="new-password" required errors={errors.confirm} />
      <Button type="submit" busy={busy} className="mt-2 w-full">
        Create account
      </Button>
    </form>
  );
}
