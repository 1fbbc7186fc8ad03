"use client";

import type { GuildInviteView } from "@chat/api";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useQueryPatcher } from "@/components/live/live-provider";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { SectionLoading } from "../shared/section-loading";
import type { GuildSettingsSectionProps } from "../shared/section-props";
import { InviteRow } from "./invite-row";

/**
 * The guild's invite links that still work, with who made each, its uses and expiry, and
 * Revoke. Bots get no invite events (spec: the Invites intent brings none) and neither does the
 * live stream, so the list is asked for each time the section opens and patched after a revoke.
 */
export function InvitesSection({ guild }: GuildSettingsSectionProps) {
  const trpc = useTRPC();
  const patcher = useQueryPatcher();
  const listKey = trpc.invites.listForGuild.queryKey({ guildId: guild.id });
  const list = useQuery({ ...trpc.invites.listForGuild.queryOptions({ guildId: guild.id }), refetchOnMount: "always" });
  const [announcement, setAnnouncement] = useState("");
  const revoke = useMutation(
    trpc.invites.revoke.mutationOptions({
      onSuccess: ({ code }) => {
        patcher.patch<{ manageAll: boolean; invites: GuildInviteView[] }>(listKey, (data) => ({
          ...data,
          invites: data.invites.filter((i) => i.code !== code),
        }));
        setAnnouncement(`Invite ${code} revoked.`);
      },
    }),
  );
  const reasonId = useId();
  const now = new Date();

  return (
    <div className="flex flex-col gap-4">
      <p id={reasonId} className="text-sm text-muted">
        {list.data?.manageAll === false
          ? "The invite links you can manage or made yourself. Revoking needs Manage Guild, or Manage Channels in the invite’s channel."
          : "Every invite link of the guild that still works. A revoked link stops working at once."}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {revoke.error ? <Alert tone="error">{errorMessage(revoke.error)}</Alert> : null}
      {list.error ? (
        <Alert tone="error">{errorMessage(list.error)}</Alert>
      ) : !list.data ? (
        <SectionLoading label="Loading invites" rows={2} rowHeight="h-[4.5rem]" />
      ) : list.data.invites.length === 0 ? (
        <div className="rounded-lg border border-dashed border-line px-6 py-10 text-center" data-testid="no-invites">
          <p className="font-semibold text-white">No invite links</p>
          <p className="mt-1 text-sm text-muted">Make one with Invite people, beside the guild’s name.</p>
        </div>
      ) : (
        <ul aria-label="Invites" className="flex flex-col gap-2">
          {list.data.invites.map((invite) => (
            <InviteRow
              key={invite.code}
              invite={invite}
              now={now}
              reasonId={reasonId}
              revoking={revoke.isPending && revoke.variables?.code === invite.code}
              onRevoke={() => revoke.mutate({ guildId: guild.id, code: invite.code })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
