"use client";

import type { AuthorizedAppView } from "@chat/api";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { AppIcon } from "@/components/ui/app-icon";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";

const SCOPE_LABELS: Record<string, string> = { identify: "Knows your username, display name and profile picture" };

/** The authorised applications, each with Remove (after a confirmation). */
export function AuthorizedAppList({ apps }: { apps: AuthorizedAppView[] }) {
  const router = useRouter();
  const trpc = useTRPC();
  const [removing, setRemoving] = useState<AuthorizedAppView | null>(null);
  const remove = useMutation(
    trpc.authorizedApps.remove.mutationOptions({
      onSuccess: () => {
        setRemoving(null);
        // The list is rendered on the server.
        router.refresh();
      },
    }),
  );

  if (apps.length === 0) {
    return (
      <div
        className="mt-8 rounded-xl border border-dashed border-line px-6 py-14 text-center"
        data-testid="no-authorized-apps"
      >
        <p className="font-semibold text-white">No authorised apps</p>
        <p className="mt-1 text-sm text-muted">When you log in to a website with your account, it appears here.</p>
      </div>
    );
  }

  return (
    <>
      <ul className="mt-8 flex flex-col gap-3" aria-label="Authorised apps">
        {apps.map((app) => (
          <li
            key={app.applicationId}
            className="flex items-center gap-4 rounded-xl bg-panel p-4 ring-1 ring-white/5"
            data-testid="authorized-app"
          >
            <AppIcon id={app.applicationId} name={app.name} iconUrl={app.iconUrl} size="lg" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-white">{app.name}</p>
              <ul className="mt-0.5 text-sm text-muted">
                {app.scopes.map((scope) => (
                  <li key={scope}>{SCOPE_LABELS[scope] ?? scope}</li>
                ))}
              </ul>
              <p className="mt-0.5 text-xs text-faint">Authorised {formatDate(app.authorizedAt)}</p>
            </div>
            <Button variant="secondary" onClick={() => setRemoving(app)} aria-label={`Remove ${app.name}`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? `Remove ${removing.name}?` : ""}
        description="You will be logged out of it, and it will have to ask you again before it can log you in."
      >
        {remove.error ? (
          <Alert tone="error" className="mb-4">
            {errorMessage(remove.error)}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => removing && remove.mutate({ applicationId: removing.applicationId })}
          >
            Remove
          </Button>
        </div>
      </Modal>
    </>
  );
}
