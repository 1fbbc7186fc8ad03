"use client";

import type { GuildView } from "@chat/api";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { NameDialogForm, useNameForm } from "@/components/ui/name-dialog-form";
import { errorMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

/** "Guild settings": rename (Manage Guild) and, for the owner, delete after a confirmation. */
export function GuildSettingsDialog({
  guild,
  open,
  onClose,
  onRenamed,
  onDeleted,
}: { guild: GuildView; open: boolean; onClose(): void; onRenamed(name: string): void; onDeleted(): void }) {
  const form = useNameForm(async (name) => {
    const updated = await trpc.guilds.update.mutate({ guildId: guild.id, name });
    onRenamed(updated.name);
  });
  const [deleting, setDeleting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function remove() {
    setDeleting(true);
    form.setError(null);
    try {
      await trpc.guilds.remove.mutate({ guildId: guild.id });
      onDeleted();
    } catch (e) {
      form.setError(errorMessage(e));
    } finally {
      setDeleting(false);
    }
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
              <Button variant="danger" busy={deleting} onClick={remove}>
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
