"use client";

import type { GuildView } from "@chat/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { DEFAULT_LIMITS, describeExpiry, describeUseLimit } from "./invite-limits";
import { InviteLimitsPicker } from "./invite-limits-picker";

/**
 * "Invite people": a link to the guild (through the channel being viewed). The person's own
 * link with the chosen limits is reused while it is good; other limits give another link once
 * "Update link" is pressed (not for every choice on the way: each link lets people in). The
 * limits chosen stay while the chat is open.
 */
export function InviteDialog({
  guild,
  channelId,
  open,
  onClose,
}: {
  guild: GuildView;
  channelId: string | null;
  open: boolean;
  onClose(): void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [limits, setLimits] = useState(DEFAULT_LIMITS);
  const [chosen, setChosen] = useState(DEFAULT_LIMITS);
  const formId = useId();
  const changed = chosen.maxAge !== limits.maxAge || chosen.maxUses !== limits.maxUses;
  const {
    mutate: linkFor,
    data: invite,
    error: failure,
    isPending,
    reset,
  } = useMutation(
    trpc.invites.createOrReuse.mutationOptions({
      // The guild's Invites list may now hold a new link.
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: trpc.invites.listForGuild.queryKey({ guildId: guild.id }) }),
    }),
  );
  const error = failure ? errorMessage(failure) : null;

  useEffect(() => {
    reset();
    // Limits picked and not applied before the dialog closed are dropped.
    setChosen(limits);
    if (open && channelId) linkFor({ channelId, ...limits });
  }, [open, channelId, limits, linkFor, reset]);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Invite people to ${guild.name}`}
      description="Anyone with this link can join the guild."
    >
      <div className="flex flex-col gap-4">
        {!channelId ? <Alert tone="error">Open a text channel first: the invite leads there.</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {invite && !isPending ? (
          <>
            <CopyField label="Invite link" value={invite.url} testId="invite-link" />
            <p className="-mt-2 text-sm text-muted" data-testid="invite-link-limits">
              {describeExpiry(invite.expiresAt, new Date())} · {describeUseLimit(invite.maxUses)}
            </p>
          </>
        ) : channelId && !error ? (
          <p className="flex h-[4.5rem] items-center gap-2 text-sm text-muted" role="status">
            <Spinner className="size-4" /> Making a link…
          </p>
        ) : null}
        {channelId ? (
          <form
            id={formId}
            aria-label="Link limits"
            className="border-t border-line pt-4"
            onSubmit={(e) => {
              e.preventDefault();
              setLimits(chosen);
            }}
          >
            <InviteLimitsPicker limits={chosen} onChange={setChosen} />
          </form>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Done
          </Button>
          {channelId ? (
            <Button type="submit" form={formId} variant="secondary" disabled={!changed}>
              Update link
            </Button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
