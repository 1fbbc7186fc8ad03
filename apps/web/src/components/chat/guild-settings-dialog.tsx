"use client";

import type { GuildView } from "@chat/api";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

/** "Guild settings": rename (Manage Guild) and, for the owner, delete after a confirmation. */
export function GuildSettingsDialog({
  guild,
  open,
  onClose,
  onRenamed,
  onDeleted,
}: { guild: GuildView; open: boolean; onClose(): void; onRenamed(name: string): void; onDeleted(): void }) {
  const [busy, setBusy] = useState<"save" | "delete" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nameErrors, setNameErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    setBusy("save");
    setError(null);
    setNameErrors([]);
    try {
      const updated = await trpc.guilds.update.mutate({ guildId: guild.id, name });
      onRenamed(updated.name);
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.name) setNameErrors(fields.name);
      else setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy("delete");
    setError(null);
    try {
      await trpc.guilds.remove.mutate({ guildId: guild.id });
      onDeleted();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Guild settings">
      <form onSubmit={save} className="flex flex-col gap-4" noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField label="Guild name" name="name" defaultValue={guild.name} required autoFocus maxLength={100} errors={nameErrors}
          disabled={!guild.canManage}
          onChange={() => nameErrors.length > 0 && setNameErrors([])}
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          {guild.canManage ? (
            <Button type="submit" busy={busy === "save"}>
              Save
            </Button>
          ) : null}
        </div>
      </form>
      {guild.owner ? (
        <section className="mt-6 border-t border-line pt-4" aria-label="Danger zone">
          <h3 className="text-sm font-semibold text-white">Delete this guild</h3>
          <p className="mt-1 text-sm text-muted">Every channel and message goes with it. This can’t be undone.</p>
          {confirming ? (
            <div className="mt-3 flex items-center gap-2">
              <Button variant="danger" busy={busy === "delete"} onClick={remove}>
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
