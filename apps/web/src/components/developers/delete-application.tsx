"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** Deletes the application after a confirmation, then returns to the list. */
export function DeleteApplication({ applicationId, name }: { applicationId: string; name: string }) {
  const router = useRouter();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.applications.delete.mutationOptions({
      onSuccess: () => {
        // Its bot left every guild: any member list cached in this tab is out of date.
        void queryClient.invalidateQueries(trpc.guilds.members.pathFilter());
        router.push("/developers");
        router.refresh();
      },
    }),
  );

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
        {remove.error ? (
          <Alert tone="error" className="mb-4">
            {errorMessage(remove.error)}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          {/* Still busy once deleted, until the list has replaced this page. */}
          <Button
            variant="danger"
            busy={remove.isPending || remove.isSuccess}
            onClick={() => remove.mutate({ applicationId })}
          >
            Yes, delete it
          </Button>
        </div>
      </Modal>
    </>
  );
}
