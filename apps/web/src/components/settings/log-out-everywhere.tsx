"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage, isUnauthorized } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

/** Ends every session of the account, this one included (after a confirmation), then the login page. */
export function LogOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function logOutEverywhere() {
    setBusy(true);
    setError(null);
    try {
      await trpc.account.logOutEverywhere.mutate();
    } catch (e) {
      // Already signed out (elsewhere): nothing left to end here either.
      if (!isUnauthorized(e)) {
        setError(errorMessage(e));
        setBusy(false);
        return;
      }
    }
    await signOut({ callbackUrl: "/login" });
  }

  return (
    <>
      <Button variant="danger" className="mt-4" onClick={() => setConfirming(true)}>
        Log out everywhere
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Log out everywhere?"
        description="Every device and browser signed in to your account, this one included, will have to log in again."
      >
        {error ? <Alert tone="error" className="mb-4">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void logOutEverywhere()}>
            Log out everywhere
          </Button>
        </div>
      </Modal>
    </>
  );
}
