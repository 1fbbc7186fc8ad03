"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** Accept (joins the guild and opens it), or go there straight away when already a member. */
export function InviteAccept({
  code,
  guildId,
  guildName,
  member,
}: {
  code: string;
  guildId: string;
  guildName: string;
  member: boolean;
}) {
  const router = useRouter();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accept = useMutation(
    trpc.invites.accept.mutationOptions({
      onSuccess: (joined) => {
        // A guild list, or that guild's channels or members, cached earlier in this tab no longer hold.
        void queryClient.invalidateQueries(trpc.guilds.pathFilter());
        router.push(`/channels/${joined.guildId}`);
      },
    }),
  );

  if (member) {
    return (
      <div className="text-center">
        <p className="text-muted">You’re already a member of {guildName}.</p>
        <a
          href={`/channels/${guildId}`}
          className="mt-4 inline-flex h-10 items-center rounded-md bg-accent-strong px-4 text-sm font-medium text-white hover:bg-accent-hover"
        >
          Go to {guildName}
        </a>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {accept.error ? <Alert tone="error">{errorMessage(accept.error)}</Alert> : null}
      {/* Still busy once joined, until the guild opens. */}
      <Button onClick={() => accept.mutate({ code })} busy={accept.isPending || accept.isSuccess} autoFocus>
        Accept invite
      </Button>
      <a href="/channels" className="text-center text-sm text-muted hover:text-text">
        No thanks
      </a>
    </div>
  );
}
