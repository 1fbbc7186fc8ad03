"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useNameForm } from "@/components/ui/name-dialog-form";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import type { GuildSettingsSectionProps } from "../shared/section-props";
import { GuildIconEditor } from "./guild-icon-editor";
import { TransferOwnership } from "./transfer-ownership";
import { VanityLink } from "./vanity-link";

/**
 * The guild's name and icon (Manage Guild), its vanity link (set by the owner), and for the
 * owner, handing the guild to someone else or deleting it, each after a confirmation.
 */
export function OverviewSection({ guild, meId, onRenamed, onDeleted }: GuildSettingsSectionProps) {
  const trpc = useTRPC();
  const update = useMutation(trpc.guilds.update.mutationOptions());
  const form = useNameForm(async (name) => {
    const updated = await update.mutateAsync({ guildId: guild.id, name });
    onRenamed(updated.name);
  });

  return (
    <div className="flex flex-col gap-8">
      <form onSubmit={form.submit} className="flex flex-col gap-4" noValidate aria-label="Guild name">
        {form.error ? <Alert tone="error">{form.error}</Alert> : null}
        <TextField
          name="name"
          label="Guild name"
          required
          maxLength={100}
          defaultValue={guild.name}
          disabled={!guild.canManage}
          hint={guild.canManage ? undefined : "Renaming needs Manage Guild."}
          errors={form.nameErrors}
          onChange={() => {
            // A field error describes what was sent; it goes once the name is being changed.
            if (form.nameErrors.length > 0) form.setNameErrors([]);
          }}
        />
        {guild.canManage ? (
          <div className="flex justify-end">
            <Button type="submit" busy={form.busy}>
              Save name
            </Button>
          </div>
        ) : null}
      </form>
      <GuildIconEditor guild={guild} />
      <VanityLink guild={guild} />
      {guild.owner ? <TransferOwnership guild={guild} meId={meId} /> : null}
      {guild.owner ? <DeleteGuild guild={guild} onDeleted={onDeleted} /> : null}
    </div>
  );
}

function DeleteGuild({ guild, onDeleted }: Pick<GuildSettingsSectionProps, "guild" | "onDeleted">) {
  const trpc = useTRPC();
  const removal = useMutation(trpc.guilds.remove.mutationOptions({ onSuccess: onDeleted }));
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="border-t border-line pt-6" aria-label="Danger zone">
      <h4 className="text-sm font-semibold text-white">Delete this guild</h4>
      <p className="mt-1 text-sm text-muted">Every channel and message goes with it. This can’t be undone.</p>
      {removal.error ? (
        <Alert tone="error" className="mt-3">
          {errorMessage(removal.error)}
        </Alert>
      ) : null}
      {confirming ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button variant="danger" busy={removal.isPending} onClick={() => removal.mutate({ guildId: guild.id })}>
            Yes, delete {guild.name}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <Button className="mt-3" variant="secondary" onClick={() => setConfirming(true)}>
          Delete guild…
        </Button>
      )}
    </section>
  );
}
