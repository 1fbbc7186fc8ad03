"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { SecretsReveal } from "./secrets-reveal";

/** Reset the bot token (after a confirmation); the new one is shown once, the old stops working. */
export function ResetBotToken({ applicationId }: { applicationId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);

  async function reset() {
    setBusy(true);
    setError(null);
    try {
      const result = await trpc.applications.resetBotToken.mutate({ applicationId });
      setToken(result.botToken);
      setConfirming(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {token ? (
        <SecretsReveal secrets={[{ label: "New bot token", value: token, testId: "bot-token" }]} />
      ) : (
        <p className="text-sm text-muted">The token is stored only as a hash, so it can’t be shown. Reset it to get a new one.</p>
      )}
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Reset token
        </Button>
      </div>
      <Modal open={confirming} onClose={() => setConfirming(false)} title="Reset bot token?" description="The current token stops working at once: anything logged in with it is disconnected and must use the new token.">
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
