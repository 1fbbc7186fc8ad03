"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { SecretsReveal } from "./secrets-reveal";

/** Reset the client secret (after a confirmation); the new one is shown once. Nobody is logged out. */
export function ResetClientSecret({ applicationId }: { applicationId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function reset() {
    setBusy(true);
    setError(null);
    try {
      setSecret((await trpc.applications.resetClientSecret.mutate({ applicationId })).clientSecret);
      setConfirming(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {secret ? (
        <SecretsReveal secrets={[{ label: "New client secret", value: secret, testId: "client-secret" }]} />
      ) : (
        <p className="text-sm text-muted">The client secret was shown when the application was created and is stored only as a hash. Reset it to get a new one.</p>
      )}
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Reset secret
        </Button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Reset client secret?"
        description="Your website must use the new secret from now on. People already logged in stay logged in."
      >
        {error ? <Alert tone="error" className="mb-4">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={reset}>
            Yes, reset it
          </Button>
        </div>
      </Modal>
    </div>
  );
}
