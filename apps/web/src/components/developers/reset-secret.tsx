"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/errors";
import { SecretsReveal } from "./secrets-reveal";

export interface ResetSecretProps {
  /** Label and test id of the new secret once it is shown. */
  secret: { label: string; testId: string };
  /** Shown until a reset: why the current secret can't be shown. */
  hiddenNote: string;
  buttonLabel: string;
  confirm: { title: string; description: string };
  /** Makes a new secret and resolves to it. */
  reset(): Promise<string>;
}

/** Reset a secret after a confirmation; the new one is shown once, since only its hash is stored. */
export function ResetSecret({ secret, hiddenNote, buttonLabel, confirm, reset }: ResetSecretProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [value, setValue] = useState<string | null>(null);

  async function confirmReset() {
    setBusy(true);
    setError(null);
    try {
      setValue(await reset());
      setConfirming(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {value ? <SecretsReveal secrets={[{ ...secret, value }]} /> : <p className="text-sm text-muted">{hiddenNote}</p>}
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {buttonLabel}
        </Button>
      </div>
      <Modal open={confirming} onClose={() => setConfirming(false)} title={confirm.title} description={confirm.description}>
        {error ? <Alert tone="error" className="mb-4">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={confirmReset}>
            Yes, reset it
          </Button>
        </div>
      </Modal>
    </div>
  );
}
