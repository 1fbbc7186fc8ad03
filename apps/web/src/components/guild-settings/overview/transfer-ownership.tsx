"use client";

import type { GuildView } from "@chat/api";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SELECT_CLASS } from "@/components/ui/select-class";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/**
 * The owner hands the guild to another person in it (bots cannot own guilds), after saying
 * plainly what they give up. GUILD_UPDATE then moves the owner's powers in every open tab.
 */
export function TransferOwnership({ guild, meId }: { guild: GuildView; meId: string }) {
  const trpc = useTRPC();
  const members = useQuery(trpc.guilds.members.queryOptions({ guildId: guild.id }));
  const transfer = useMutation(trpc.guilds.transferOwnership.mutationOptions());
  const [heirId, setHeirId] = useState("");
  const [confirming, setConfirming] = useState(false);
  const fieldId = useId();
  const candidates = (members.data ?? []).filter((m) => !m.user.bot && m.user.id !== meId);
  const heir = candidates.find((m) => m.user.id === heirId);

  return (
    <section className="border-t border-line pt-6" aria-labelledby="transfer-heading">
      <h4 id="transfer-heading" className="text-sm font-semibold text-white">
        Transfer ownership
      </h4>
      <p className="mt-1 text-sm text-muted">
        The new owner can do everything, including deleting the guild. You keep only what your roles allow.
      </p>
      {transfer.error ? (
        <Alert tone="error" className="mt-3">
          {errorMessage(transfer.error)}
        </Alert>
      ) : null}
      {candidates.length === 0 && members.data ? (
        <p className="mt-3 text-sm text-muted">
          There is nobody to hand it to yet: only people (not bots) can own a guild.
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="flex min-w-48 flex-1 flex-col gap-1.5">
            <label htmlFor={fieldId} className="text-xs font-semibold uppercase tracking-wide text-muted">
              New owner
            </label>
            <select
              id={fieldId}
              value={heirId}
              onChange={(e) => {
                setHeirId(e.currentTarget.value);
                setConfirming(false);
              }}
              className={SELECT_CLASS}
            >
              <option value="">Choose someone</option>
              {candidates.map((m) => (
                <option key={m.user.id} value={m.user.id}>
                  {m.nick ?? m.user.displayName}
                </option>
              ))}
            </select>
          </div>
          {confirming && heir ? (
            <>
              <Button
                variant="danger"
                busy={transfer.isPending}
                onClick={() =>
                  transfer.mutate(
                    { guildId: guild.id, userId: heir.user.id },
                    { onSuccess: () => setConfirming(false) },
                  )
                }
              >
                Yes, make {heir.nick ?? heir.user.displayName} the owner
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button variant="secondary" disabled={!heir} onClick={() => setConfirming(true)}>
              Transfer ownership…
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
