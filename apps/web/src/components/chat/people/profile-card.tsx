"use client";

import type { DmView, RoleView } from "@chat/api";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/bot-badge";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import type { ProfileCardTarget } from "./profile-card-context";

const WIDTH = 300;
const MARGIN = 8;

/** `#rrggbb` of a role's colour; roles without one show the default grey (a theme token). */
function roleColor(color: number): string {
  return color ? `#${color.toString(16).padStart(6, "0")}` : "var(--color-role-default)";
}

/**
 * Someone's card (a non-modal dialog beside what was clicked): picture, display name,
 * username, bot badge, their roles in this guild and "Message" (the DM with them, opened or
 * created). Escape, a click elsewhere or Tab out of it closes it; focus goes back.
 */
export function ProfileCard({ target, meId, onClose }: { target: ProfileCardTarget; meId: string; onClose(): void }) {
  const { user, guildId, anchor } = target;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const panel = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const members = useQuery(trpc.guilds.members.queryOptions(guildId ? { guildId } : skipToken));
  const roles = useQuery(trpc.guilds.roles.queryOptions(guildId ? { guildId } : skipToken));
  const member = members.data?.find((m) => m.user.id === user.id);
  // The member list is the freshest copy (live name and picture changes); the message's author otherwise.
  const shown = member?.user ?? user;
  const memberRoles: RoleView[] =
    member && roles.data ? roles.data.filter((r) => !r.everyone && member.roles.includes(r.id)) : [];
  const open = useMutation(
    trpc.people.openDm.mutationOptions({
      onSuccess(dm) {
        queryClient.setQueryData<DmView[]>(trpc.people.dms.queryKey(), (list) =>
          list ? [dm, ...list.filter((d) => d.id !== dm.id)] : list,
        );
        onClose();
        router.push(`/channels/@me/${dm.id}`);
      },
    }),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the card grows once the roles arrive; place it again then
  useLayoutEffect(() => {
    const box = anchor.getBoundingClientRect();
    const height = panel.current?.offsetHeight ?? 0;
    const width = Math.min(WIDTH, window.innerWidth - 2 * MARGIN);
    const left = Math.min(
      Math.max(MARGIN, box.right + MARGIN > window.innerWidth - width ? box.left : box.right + MARGIN),
      window.innerWidth - width - MARGIN,
    );
    const below = box.right + MARGIN > window.innerWidth - width ? box.bottom + MARGIN : box.top;
    setPosition({ left, top: Math.max(MARGIN, Math.min(below, window.innerHeight - height - MARGIN)) });
  }, [anchor, memberRoles.length]);

  useEffect(() => {
    panel.current?.focus();
    function outside(event: PointerEvent) {
      if (!panel.current?.contains(event.target as Node) && !anchor.contains(event.target as Node)) onClose();
    }
    document.addEventListener("pointerdown", outside, true);
    return () => document.removeEventListener("pointerdown", outside, true);
  }, [anchor, onClose]);

  function close() {
    onClose();
    anchor.focus();
  }

  const self = user.id === meId;
  return (
    <div
      ref={panel}
      role="dialog"
      aria-label={`Profile of ${shown.displayName}`}
      tabIndex={-1}
      data-testid="profile-card"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          close();
        }
      }}
      onBlur={(e) => {
        if (e.relatedTarget && !panel.current?.contains(e.relatedTarget as Node)) onClose();
      }}
      style={{
        left: position?.left ?? -9999,
        top: position?.top ?? 0,
        width: `min(${WIDTH}px, calc(100vw - ${2 * MARGIN}px))`,
      }}
      className="fixed z-50 overflow-hidden rounded-lg border border-black/40 bg-panel shadow-2xl outline-none"
    >
      <div className="h-14 bg-accent-strong" />
      <div className="-mt-10 px-4">
        <span className="inline-block rounded-full border-[6px] border-panel">
          <Avatar id={shown.id} name={shown.displayName} picture={shown.avatar} size="xl" />
        </span>
      </div>
      <div className="space-y-3 px-4 pt-1 pb-4">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold break-all text-white">
            {shown.displayName}
            {shown.bot ? <BotBadge /> : null}
          </h2>
          <p className="text-sm break-all text-muted">@{shown.username}</p>
        </div>
        {guildId && member ? (
          <section aria-label="Roles">
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">Roles</h3>
            {memberRoles.length === 0 ? (
              <p className="text-sm text-muted">No roles</p>
            ) : (
              <ul className="flex flex-wrap gap-1">
                {memberRoles.map((role) => (
                  <li
                    key={role.id}
                    className="flex items-center gap-1.5 rounded bg-raised px-2 py-0.5 text-xs text-text"
                  >
                    <span
                      aria-hidden="true"
                      className="size-2.5 rounded-full"
                      style={{ backgroundColor: roleColor(role.color) }}
                    />
                    {role.name}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        {!self && !shown.bot ? (
          <div>
            <button
              type="button"
              onClick={() => open.mutate({ userId: shown.id })}
              disabled={open.isPending}
              className="w-full rounded-md bg-accent-strong px-3 py-2 text-sm font-semibold text-white hover:bg-accent-strong/90 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60"
            >
              {open.isPending ? "Opening…" : `Message ${shown.displayName}`}
            </button>
            {open.error ? (
              <p role="alert" className="mt-2 text-sm text-danger">
                {errorMessage(open.error, "Could not open the conversation.")}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
