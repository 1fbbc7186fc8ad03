"use client";

import type { GuildView } from "@chat/api";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { NameDialogForm, useNameForm } from "@/components/ui/name-dialog-form";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** "Guild settings": rename (Manage Guild) and, for the owner, delete after a confirmation. */
export function GuildSettingsDialog({
  guild,
  open,
  onClose,
  onRenamed,
  onDeleted,
}: { guild: GuildView; open: boolean; onClose(): void; onRenamed(name: string): void; onDeleted(): void }) {
  const trpc = useTRPC();
  const update = useMutation(trpc.guilds.update.mutationOptions());
  const removal = useMutation(trpc.guilds.remove.mutationOptions({ onSuccess: onDeleted, onError: (e) => form.setError(errorMessage(e)) }));
  const form = useNameForm(async (name) => {
    const updated = await update.mutateAsync({ guildId: guild.id, name });
    onRenamed(updated.name);
  });
  const [confirming, setConfirming] = useState(false);

  function remove() {
    form.setError(null);
    removal.mutate({ guildId: guild.id });
  }

  return (
    <Modal open={open} onClose={onClose} title="Guild settings">
      <NameDialogForm
        form={form}
        field={{
          label: "Guild name",
          defaultValue: guild.name,
          maxLength: 100,
          disabled: !guild.canManage,
        }}
        submitLabel={guild.canManage ? "Save" : undefined}
        cancelLabel="Close"
        onCancel={onClose}
      />
      {guild.owner ? (
        <section className="mt-6 border-t border-line pt-4" aria-label="Danger zone">
          <h3 className="text-sm font-semibold text-white">Delete this guild</h3>
          <p className="mt-1 text-sm text-muted">Every channel and message goes with it. This can’t be undone.</p>
          {confirming ? (
            <div className="mt-3 flex items-center gap-2">
              <Button variant="danger" busy={removal.isPending} onClick={remove}>
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
      ) : null}
    </Modal>
  );
}
