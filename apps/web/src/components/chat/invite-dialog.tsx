"use client";

import type { GuildView } from "@chat/api";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** "Invite people": a fresh link to the guild (through the channel being viewed), valid for a day. */
export function InviteDialog({ guild, channelId, open, onClose }: { guild: GuildView; channelId: string | null; open: boolean; onClose(): void }) {
  const trpc = useTRPC();
  const { mutate: createInvite, data: invite, error: failure, reset } = useMutation(trpc.invites.create.mutationOptions());
  const link = invite?.url ?? null;
  const error = failure ? errorMessage(failure) : null;

  // A fresh link each time the dialog opens (or the channel changes while it is open).
  useEffect(() => {
    reset();
    if (open && channelId) createInvite({ channelId });
  }, [open, channelId, createInvite, reset]);

  return (
    <Modal open={open} onClose={onClose} title={`Invite people to ${guild.name}`} description="Anyone with this link can join the guild for the next 24 hours.">
      <div className="flex flex-col gap-4">
        {!channelId ? <Alert tone="error">Open a text channel first: the invite leads there.</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {link ? (
          <CopyField label="Invite link" value={link} testId="invite-link" />
        ) : channelId && !error ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner className="size-4" /> Making a link…
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button variant="ghost" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    </Modal>
  );
}
