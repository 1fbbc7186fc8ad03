"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

/** Deletes the application after a confirmation, then returns to the list. */
export function DeleteApplication({ applicationId, name }: { applicationId: string; name: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await trpc.applications.delete.mutate({ applicationId });
      router.push("/developers");
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete application
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${name}?`}
        description="This can’t be undone. Its bot leaves every guild and disconnects, and everyone logged in to your website with it is logged out."
      >
        {error ? <Alert tone="error" className="mb-4">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={remove}>
            Yes, delete it
          </Button>
        </div>
      </Modal>
    </>
  );
}
