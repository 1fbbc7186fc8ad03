"use client";

import { signInThrottledWait, tooManySignIns } from "@chat/rate-limit/messages";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

const SUSPENDED = "AccountSuspended";

/** What a failed sign-in says: never whether the username exists. */
function signInError(error: string | null | undefined): string {
  if (error === SUSPENDED) return "This account is suspended.";
  const wait = signInThrottledWait(error);
  if (wait !== null) return tooManySignIns(wait);
  return "Wrong username or password.";
}

export function LoginForm({ callbackUrl, notice }: { callbackUrl: string; notice?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const result = await signIn("credentials", {
        redirect: false,
        username: String(form.get("username") ?? ""),
        password: String(form.get("password") ?? ""),
      });
      if (!result || result.error) {
        setError(signInError(result?.error));
        setBusy(false);
        return;
      }
      window.location.assign(callbackUrl);
    } catch {
      setError("Could not reach the server. Try again.");
      setBusy(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} className="flex flex-col gap-4" aria-label="Log in">
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
      />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" busy={busy} className="mt-2 w-full">
        Log in
      </Button>
    </form>
  );
}
