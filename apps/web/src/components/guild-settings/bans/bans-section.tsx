"use client";

import type { BanView } from "@chat/api";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useQueryPatcher } from "@/components/live/live-provider";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { SectionLoading } from "../shared/section-loading";
import type { GuildSettingsSectionProps } from "../shared/section-props";
import { BanRow } from "./ban-row";

/**
 * Who is banned from the guild, with Unban (Ban Members). Bans have no event of their own
 * (spec: a ban reaches others as the member's removal), so the list is asked for each time the
 * section opens, again when someone leaves the guild, and patched after an unban here.
 */
export function BansSection({ guild }: GuildSettingsSectionProps) {
  const trpc = useTRPC();
  const patcher = useQueryPatcher();
  const standing = useQuery({
    ...trpc.moderation.standing.queryOptions({ guildId: guild.id }),
    refetchOnMount: "always",
  });
  const allowed = standing.data?.banMembers === true;
  const bansKey = trpc.moderation.bans.queryKey({ guildId: guild.id });
  const bans = useQuery({
    ...trpc.moderation.bans.queryOptions({ guildId: guild.id }),
    enabled: allowed,
    refetchOnMount: "always",
  });
  const [announcement, setAnnouncement] = useState("");
  const unban = useMutation(
    trpc.moderation.unban.mutationOptions({
      onSuccess: ({ userId }) => {
        const name = bans.data?.find((b) => b.user.id === userId)?.user.displayName ?? "They";
        patcher.patch<BanView[]>(bansKey, (list) => list.filter((b) => b.user.id !== userId));
        setAnnouncement(`${name} was unbanned and can join again with an invite.`);
      },
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Banned people can’t join again, even with an invite, until they are unbanned. Their messages stay. Bans keep no
        reason.
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {unban.error ? <Alert tone="error">{errorMessage(unban.error)}</Alert> : null}
      {standing.error ? (
        <Alert tone="error">{errorMessage(standing.error, "Could not load the bans. Try again.")}</Alert>
      ) : standing.data && !allowed ? (
        <div
          className="rounded-lg border border-dashed border-line px-6 py-10 text-center"
          data-testid="bans-not-allowed"
        >
          <p className="font-semibold text-white">Only for Ban Members</p>
          <p className="mt-1 text-sm text-muted">Seeing and lifting bans needs the Ban Members permission.</p>
        </div>
      ) : bans.error ? (
        <Alert tone="error">{errorMessage(bans.error, "Could not load the bans. Try again.")}</Alert>
      ) : !bans.data ? (
        <SectionLoading label="Loading bans" rows={2} rowHeight="h-[4.25rem]" />
      ) : bans.data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-line px-6 py-10 text-center" data-testid="no-bans">
          <p className="font-semibold text-white">Nobody is banned</p>
          <p className="mt-1 text-sm text-muted">People banned from the Members list show up here.</p>
        </div>
      ) : (
        <ul aria-label="Bans" className="flex flex-col gap-2">
          {bans.data.map((ban) => (
            <BanRow
              key={ban.user.id}
              ban={ban}
              unbanning={unban.isPending && unban.variables?.userId === ban.user.id}
              onUnban={() => unban.mutate({ guildId: guild.id, userId: ban.user.id })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
