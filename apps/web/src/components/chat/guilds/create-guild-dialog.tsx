"use client";

import type { GuildView } from "@chat/api";
import { useMutation } from "@tanstack/react-query";
import { Modal } from "@/components/ui/modal";
import { NameDialogForm, useNameForm } from "@/components/ui/name-dialog-form";
import { useTRPC } from "@/lib/trpc";

/** "Create a guild": a name; the guild starts with #general and a General voice channel. */
export function CreateGuildDialog({
  open,
  defaultName,
  onClose,
  onCreated,
}: {
  open: boolean;
  defaultName: string;
  onClose(): void;
  onCreated(guild: GuildView, firstChannelId: string | null): void;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.guilds.create.mutationOptions());
  const form = useNameForm(async (name) => {
    const created = await create.mutateAsync({ name });
    onCreated(created.guild, created.firstChannelId);
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create a guild"
      description="Your guild is where you and your friends hang out. It starts with a #general text channel and a General voice channel."
    >
      <NameDialogForm
        form={form}
        field={{ label: "Guild name", defaultValue: defaultName, maxLength: 100 }}
        submitLabel="Create"
        onCancel={onClose}
      />
    </Modal>
  );
}
