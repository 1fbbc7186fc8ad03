"use client";

import type { RoleSettings, RoleSettingsView } from "@chat/api/role-views";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { deleteBlocker } from "./role-reach";
import { roleRefusalMessage } from "./role-refusal";

/** Deleting the role after a confirmation; unavailable (with the reason) for roles out of reach and bots' own roles. */
export function DeleteRole({ guildId, settings, role, onDeleted }: { guildId: string; settings: RoleSettings; role: RoleSettingsView; onDeleted(name: string): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [confirming, setConfirming] = useState(false);
  const blocker = deleteBlocker(settings, role);
  const removal = useMutation(
    trpc.roles.remove.mutationOptions({
      onSuccess: async () => {
        onDeleted(role.name);
        await queryClient.invalidateQueries({ queryKey: trpc.roles.settings.queryKey({ guildId }) });
      },
    }),
  );
  return (
    <section className="border-t border-line pt-6" aria-label="Delete role">
      <h5 className="text-sm font-semibold text-white">Delete this role</h5>
      <p id={reasonId} className={`mt-1 text-sm ${blocker ? "text-[#f6d6a3]" : "text-muted"}`}>
        {blocker ?? "Everyone holding it loses it, and what it allowed them. This can’t be undone."}
      </p>
      {removal.error ? (
        <Alert tone="error" className="mt-3">
          {roleRefusalMessage(removal.error, errorMessage(removal.error))}
        </Alert>
      ) : null}
      {confirming && !blocker ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button variant="danger" busy={removal.isPending} onClick={() => removal.mutate({ guildId, roleId: role.id })}>
            Yes, delete {role.name}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <Button
          className="mt-3 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          variant="secondary"
          aria-disabled={blocker ? true : undefined}
          aria-describedby={blocker ? reasonId : undefined}
          onClick={() => {
            if (!blocker) setConfirming(true);
          }}
        >
          Delete role…
        </Button>
      )}
    </section>
  );
}
