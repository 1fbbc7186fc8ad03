"use client";

import { useMutation } from "@tanstack/react-query";
import { Modal } from "@/components/ui/modal";
import { NameDialogForm, useNameForm } from "@/components/ui/name-dialog-form";
import { useTRPC } from "@/lib/trpc";

/** "Create a category" (Manage Channels): a name; it goes last, and channels are then moved into it or made there. */
export function CreateCategoryDialog({
  guildId,
  open,
  onClose,
  onCreated,
}: {
  guildId: string;
  open: boolean;
  onClose(): void;
  onCreated(id: string, name: string): void;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.channelSettings.createCategory.mutationOptions());
  const form = useNameForm(async (name) => {
    const category = await create.mutateAsync({ guildId, name });
    onCreated(category.id, category.name);
  });
  return (
    <Modal open={open} onClose={onClose} title="Create a category">
      <NameDialogForm
        form={form}
        field={{ label: "Category name", placeholder: "Text channels", maxLength: 100 }}
        submitLabel="Create category"
        onCancel={onClose}
      />
    </Modal>
  );
}
