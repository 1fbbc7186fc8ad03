"use client";

import type { ThreadView } from "@chat/api/views";
import { useMutation } from "@tanstack/react-query";
import { Modal } from "@/components/ui/modal";
import { NameDialogForm, useNameForm } from "@/components/ui/name-dialog-form";
import { useTRPC } from "@/lib/trpc";
import type { DisplayMessage } from "../messages/use-channel-messages";
import { useThreadCache } from "./use-thread-cache";

/** A name suggested from the message: its first words, as the reference client does. */
function suggestedName(message: DisplayMessage | null): string {
  if (!message) return "";
  const text = message.content.replace(/\s+/g, " ").trim();
  return text.length <= 40 ? text : `${text.slice(0, 40).replace(/\s\S*$/, "")}…`;
}

/** "Create a thread": from a message (it becomes the thread's starter) or on its own. */
export function CreateThreadDialog({
  channelId,
  starting,
  onClose,
  onCreated,
}: {
  channelId: string;
  starting: { message: DisplayMessage | null } | null;
  onClose(): void;
  onCreated(thread: ThreadView): void;
}) {
  const trpc = useTRPC();
  const cache = useThreadCache();
  const create = useMutation(trpc.threads.create.mutationOptions());
  const fromMessage = useMutation(trpc.threads.createFromMessage.mutationOptions());
  const message = starting?.message ?? null;
  const form = useNameForm(async (name) => {
    const thread = message
      ? await fromMessage.mutateAsync({ channelId, messageId: message.id, name })
      : await create.mutateAsync({ channelId, name });
    cache.put(thread);
    onCreated(thread);
  });

  return (
    <Modal
      open={starting !== null}
      onClose={onClose}
      title="Create a thread"
      description={
        message
          ? `From ${message.author.displayName}’s message. Everyone who can see this channel can read and join it.`
          : "Everyone who can see this channel can read and join it."
      }
    >
      {starting ? (
        <NameDialogForm
          key={message?.id ?? "new"}
          form={form}
          field={{
            label: "Thread name",
            placeholder: "What is it about?",
            maxLength: 100,
            defaultValue: suggestedName(message),
          }}
          submitLabel="Create thread"
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}
