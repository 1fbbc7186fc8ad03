"use client";

import { useMutation } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage, isUnauthorized } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** Ends every session of the account, this one included (after a confirmation), then the login page. */
export function LogOutEverywhere() {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const logOut = useMutation(
    trpc.account.logOutEverywhere.mutationOptions({
      // Already signed out (elsewhere): nothing left to end here either.
      onSettled: async (_result, error) => {
        if (!error || isUnauthorized(error)) await signOut({ callbackUrl: "/login" });
      },
    }),
  );
  const failure = logOut.error && !isUnauthorized(logOut.error) ? logOut.error : null;

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
        {failure ? (
          <Alert tone="error" className="mb-4">
            {errorMessage(failure)}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          {/* Still busy once done, until the login page replaces this one. */}
          <Button variant="danger" busy={!logOut.isIdle && !failure} onClick={() => logOut.mutate()}>
            Log out everywhere
          </Button>
        </div>
      </Modal>
    </>
  );
}
