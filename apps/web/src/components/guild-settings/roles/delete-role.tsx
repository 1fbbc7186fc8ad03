"use client";

import type { RoleSettings, RoleSettingsView } from "@chat/api/role-views";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { ConfirmDelete } from "../shared/confirm-delete";
import { deleteBlocker } from "./role-reach";
import { roleRefusalMessage } from "./role-refusal";

/** Deleting the role after a confirmation; unavailable (with the reason) for roles out of reach and bots' own roles. */
export function DeleteRole({
  guildId,
  settings,
  role,
  onDeleted,
}: {
  guildId: string;
  settings: RoleSettings;
  role: RoleSettingsView;
  onDeleted(name: string): void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const removal = useMutation(
    trpc.roles.remove.mutationOptions({
      onSuccess: async () => {
        onDeleted(role.name);
        await queryClient.invalidateQueries({ queryKey: trpc.roles.settings.queryKey({ guildId }) });
      },
    }),
  );
  return (
    <ConfirmDelete
      thing="role"
      name={role.name}
      consequence="Everyone holding it loses it, and what it allowed them. This can’t be undone."
      blocker={deleteBlocker(settings, role)}
      error={removal.error ? roleRefusalMessage(removal.error, errorMessage(removal.error)) : null}
      busy={removal.isPending}
      onConfirm={() => removal.mutate({ guildId, roleId: role.id })}
    />
  );
}
