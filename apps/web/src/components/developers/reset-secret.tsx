"use client";

import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/errors";
import { SecretsReveal } from "./secrets-reveal";

export interface ResetSecretProps<TVariables, TResult, TError> {
  /** Label and test id of the new secret once it is shown. */
  secret: { label: string; testId: string };
  /** Shown until a reset: why the current secret can't be shown. */
  hiddenNote: string;
  buttonLabel: string;
  confirm: { title: string; description: string };
  /** The reset procedure (`trpc.x.mutationOptions()`), what to send it, and where the new secret is in its answer. */
  mutation: UseMutationOptions<TResult, TError, TVariables>;
  variables: TVariables;
  secretOf(result: TResult): string;
}

/** Reset a secret after a confirmation; the new one is shown once, since only its hash is stored. */
export function ResetSecret<TVariables, TResult, TError>({
  secret,
  hiddenNote,
  buttonLabel,
  confirm,
  mutation,
  variables,
  secretOf,
}: ResetSecretProps<TVariables, TResult, TError>) {
  const [confirming, setConfirming] = useState(false);
  // Kept apart from the mutation's data: a secret already shown stays while another reset runs or fails.
  const [value, setValue] = useState<string | null>(null);
  const reset = useMutation(mutation);

  function confirmReset() {
    reset.mutate(variables, {
      onSuccess: (result) => {
        setValue(secretOf(result));
        setConfirming(false);
      },
    });
  }

  return (
    <div className="flex flex-col gap-4">
      {value ? <SecretsReveal secrets={[{ ...secret, value }]} /> : <p className="text-sm text-muted">{hiddenNote}</p>}
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {buttonLabel}
        </Button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={confirm.title}
        description={confirm.description}
      >
        {reset.error ? (
          <Alert tone="error" className="mb-4">
            {errorMessage(reset.error)}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" busy={reset.isPending} onClick={confirmReset}>
            Yes, reset it
          </Button>
        </div>
      </Modal>
    </div>
  );
}
