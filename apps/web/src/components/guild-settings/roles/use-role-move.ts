"use client";

import type { RoleSettings } from "@chat/api/role-views";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";

/**
 * The roles in the order they take once `roleId` is put at `position` (1: just above
 * @everyone), as the server orders them: the roles between shift by one, @everyone stays last.
 */
export function reorderedRoles(roles: RoleSettings["roles"], roleId: string, position: number): RoleSettings["roles"] {
  const everyone = roles.filter((r) => r.everyone);
  const ranked = roles.filter((r) => !r.everyone);
  const moving = ranked.find((r) => r.id === roleId);
  if (!moving) return roles;
  const rest = ranked.filter((r) => r.id !== roleId);
  const index = Math.min(Math.max(rest.length + 1 - position, 0), rest.length);
  rest.splice(index, 0, moving);
  return [...rest.map((r, i) => ({ ...r, position: rest.length - i })), ...everyone];
}

/**
 * Moves a role (roles.move) and shows the new order at once; the server's answer (and the
 * GUILD_ROLE_UPDATE events every tab gets) replaces it, a refusal puts the old order back.
 */
export function useRoleMove(guildId: string, onMoved: (name: string, position: number, of: number) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.roles.settings.queryKey({ guildId });
  return useMutation(
    trpc.roles.move.mutationOptions({
      onMutate: async ({ roleId, position }) => {
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData(key);
        if (before) queryClient.setQueryData(key, { ...before, roles: reorderedRoles(before.roles, roleId, position) });
        return { before };
      },
      onError: (_error, _input, context) => {
        if (context?.before) queryClient.setQueryData(key, context.before);
      },
      onSuccess: (_result, { roleId, position }) => {
        const roles = queryClient.getQueryData(key)?.roles ?? [];
        const role = roles.find((r) => r.id === roleId);
        const ranked = roles.filter((r) => !r.everyone).length;
        if (role) onMoved(role.name, ranked + 1 - position, ranked);
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    }),
  );
}
