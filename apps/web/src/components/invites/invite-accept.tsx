"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

/** Accept (joins the guild and opens it), or go there straight away when already a member. */
export function InviteAccept({ code, guildId, guildName, member }: { code: string; guildId: string; guildName: string; member: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      const joined = await trpc.invites.accept.mutate({ code });
      router.push(`/channels/${joined.guildId}`);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  if (member) {
    return (
      <div className="text-center">
        <p className="text-muted">You’re already a member of {guildName}.</p>
        <a href={`/channels/${guildId}`} className="mt-4 inline-flex h-10 items-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong">
          Go to {guildName}
        </a>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button onClick={accept} busy={busy} autoFocus>
        Accept invite
      </Button>
      <a href="/channels" className="text-center text-sm text-muted hover:text-text">
        No thanks
      </a>
    </div>
  );
}
