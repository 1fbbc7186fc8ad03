"use client";

import type { GuildView } from "@chat/api";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

/** "Create a guild": a name; the guild starts with #general and a General voice channel. */
export function CreateGuildDialog({ open, defaultName, onClose, onCreated }: { open: boolean; defaultName: string; onClose(): void; onCreated(guild: GuildView, firstChannelId: string | null): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameErrors, setNameErrors] = useState<string[]>([]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    setBusy(true);
    setError(null);
    setNameErrors([]);
    try {
      const created = await trpc.guilds.create.mutate({ name });
      onCreated(created.guild, created.firstChannelId);
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields._ || fields.name) setNameErrors(fields._ ?? fields.name ?? []);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Create a guild" description="Your guild is where you and your friends hang out. It starts with a #general text channel and a General voice channel.">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField label="Guild name" name="name" defaultValue={defaultName} required autoFocus maxLength={100} errors={nameErrors} />
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Create
          </Button>
        </div>
      </form>
    </Modal>
  );
}
