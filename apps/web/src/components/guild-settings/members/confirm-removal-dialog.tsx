"use client";

import type { GuildView, MemberView } from "@chat/api";
import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { memberName } from "./member-row";

export type Removal = { kind: "kick" | "ban"; member: MemberView };

function wording(
  removal: Removal,
  guildName: string,
): { title: string; description: string; confirm: string; done: string } {
  const name = memberName(removal.member);
  if (removal.kind === "ban") {
    return {
      title: `Ban ${name}?`,
      description: `${name} leaves ${guildName} now and can’t join again until someone lifts the ban under Bans. Their messages stay. No reason is asked for: bans here keep none.`,
      confirm: "Ban",
      done: `${name} was banned.`,
    };
  }
  if (removal.member.user.bot) {
    return {
      title: `Remove ${name}?`,
      description: `The bot leaves ${guildName} now and gets none of its events. Someone with Manage Guild can add it again with an invite link. Its messages stay.`,
      confirm: "Remove bot",
      done: `${name} was removed.`,
    };
  }
  return {
    title: `Kick ${name}?`,
    description: `${name} leaves ${guildName} now. They can join again with an invite. Their messages stay.`,
    confirm: "Kick",
    done: `${name} was kicked.`,
  };
}

/** Asks before a kick, a ban or removing a bot; says what happens, and what went wrong if it fails. */
export function ConfirmRemovalDialog({
  guild,
  removal,
  onClose,
  onRemoved,
}: {
  guild: GuildView;
  removal: Removal | null;
  onClose(): void;
  onRemoved(member: MemberView, announcement: string): void;
}) {
  const trpc = useTRPC();
  const kick = useMutation(trpc.moderation.kick.mutationOptions());
  const ban = useMutation(trpc.moderation.ban.mutationOptions());
  const mutation = removal?.kind === "ban" ? ban : kick;
  const words = removal ? wording(removal, guild.name) : null;

  function close() {
    kick.reset();
    ban.reset();
    onClose();
  }

  return (
    <Modal open={removal !== null} onClose={close} title={words?.title ?? ""} description={words?.description}>
      {removal && words ? (
        <div className="flex flex-col gap-4">
          {mutation.error ? <Alert tone="error">{errorMessage(mutation.error)}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={mutation.isPending}
              onClick={() =>
                mutation.mutate(
                  { guildId: guild.id, userId: removal.member.user.id },
                  {
                    onSuccess: () => {
                      onRemoved(removal.member, words.done);
                      close();
                    },
                  },
                )
              }
            >
              {words.confirm}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
