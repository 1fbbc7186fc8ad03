"use client";

import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

export function RegisterForm({ callbackUrl }: { callbackUrl: string }) {
  const trpc = useTRPC();
  const [mismatch, setMismatch] = useState(false);
  const signUp = useMutation(
    trpc.account.signUp.mutationOptions({
      // Awaited by the mutation: the button stays busy while the new account signs in.
      onSuccess: async (_account, { username, password }) => {
        const result = await signIn("credentials", { redirect: false, username, password });
        if (!result || result.error) {
          window.location.assign(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
          return;
        }
        window.location.assign(callbackUrl);
      },
    }),
  );
  const serverErrors = fieldErrors(signUp.error);
  const errors: Record<string, string[]> = mismatch ? { confirm: ["The passwords don’t match."] } : serverErrors;
  const formError = signUp.error && Object.keys(serverErrors).length === 0 ? errorMessage(signUp.error) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const confirm = String(form.get("confirm") ?? "");
    const matches = password === confirm;
    setMismatch(!matches);
    if (!matches) {
      signUp.reset();
      return;
    }
    signUp.mutate({ username, password });
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
      <TextField
        label="Confirm password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        errors={errors.confirm}
      />
      <Button type="submit" busy={signUp.isPending || signUp.isSuccess} className="mt-2 w-full">
        Create account
      </Button>
    </form>
  );
}
