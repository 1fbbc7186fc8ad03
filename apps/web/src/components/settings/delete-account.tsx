"use client";

import { DELETE_ACCOUNT_CONFIRMATION } from "@chat/api/people-rules";
import { useMutation } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors, isUnauthorized } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** Deletes the account once the person types the confirmation word and their password; then the login page. */
export function DeleteAccount() {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const remove = useMutation(
    trpc.people.deleteAccount.mutationOptions({
      onSettled: async (_result, error) => {
        if (!error || isUnauthorized(error)) await signOut({ callbackUrl: "/login" });
      },
    }),
  );
  const failure = remove.error && !isUnauthorized(remove.error) ? remove.error : null;
  const close = () => {
    setConfirming(false);
    setTyped("");
    setPassword("");
    remove.reset();
  };
  return (
    <>
      <Button variant="danger" className="mt-4" onClick={() => setConfirming(true)}>
        Delete account
      </Button>
      <Modal
        open={confirming}
        onClose={close}
        title="Delete your account?"
        description="This cannot be undone. Your messages stay, shown as from “Deleted User”; you leave every guild and are logged out everywhere."
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            remove.mutate({ confirmation: typed, password });
          }}
          noValidate
        >
          {failure && !fieldErrors(failure).confirmation && !fieldErrors(failure).currentPassword ? (
            <Alert tone="error" className="mb-4">
              {errorMessage(failure)}
            </Alert>
          ) : null}
          <TextField
            label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
            name="confirmation"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            errors={failure ? fieldErrors(failure).confirmation : undefined}
          />
          <TextField
            className="mt-4"
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            errors={failure ? fieldErrors(failure).currentPassword : undefined}
          />
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={typed.trim() !== DELETE_ACCOUNT_CONFIRMATION || password === ""}
              busy={!remove.isIdle && !failure}
            >
              Delete my account
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
