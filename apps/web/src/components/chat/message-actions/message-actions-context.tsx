"use client";

import { useMutation } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import type { DisplayMessage } from "../messages/use-channel-messages";
import { DeleteMessageDialog } from "./delete-message-dialog";

/**
 * Edit and Delete of the open channel's messages: which message is being edited, the one whose
 * deletion waits for confirmation, and the last problem, shown under its message.
 */
export interface MessageActions {
  meId: string;
  editingId: string | null;
  startEdit(id: string): void;
  stopEdit(): void;
  /** Saves an edit; answers the problem to show, or null when it went (or nothing changed). */
  save(message: DisplayMessage, content: string): Promise<string | null>;
  /** Asks for confirmation first, unless `skipConfirm` (Shift held). */
  requestDelete(message: DisplayMessage, skipConfirm: boolean): void;
  problem: { id: string; text: string } | null;
  clearProblem(): void;
}

const MessageActionsContext = createContext<MessageActions | null>(null);

export function useMessageActions(): MessageActions | null {
  return useContext(MessageActionsContext);
}

/** A refusal in plain words. */
export function describeProblem(error: unknown, doing: "edit" | "delete"): string {
  const code = error instanceof TRPCClientError ? (error.data as { apiCode?: number } | null)?.apiCode : undefined;
  if (code === 50006) return "A message can’t be empty. To remove it, delete it instead.";
  if (code === 10008) return "This message no longer exists.";
  if (code === 50005) return "You can only edit your own messages.";
  if (code === 50013) return "You don’t have permission to delete this message.";
  return errorMessage(
    error,
    doing === "edit" ? "Could not save the edit. Try again." : "Could not delete the message. Try again.",
  );
}

/**
 * The provider of the open channel's message actions, with the confirmation dialog. `onEditEnd`
 * runs when an edit is saved or cancelled (focus goes back to the composer).
 */
export function MessageActionsProvider({
  channelId,
  meId,
  onEditEnd,
  children,
}: {
  channelId: string;
  meId: string;
  onEditEnd(): void;
  children: ReactNode;
}) {
  const trpc = useTRPC();
  const edit = useMutation(trpc.messages.edit.mutationOptions());
  const remove = useMutation(trpc.messages.delete.mutationOptions());
  const [editingId, setEditingId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<DisplayMessage | null>(null);
  const [confirmProblem, setConfirmProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ id: string; text: string } | null>(null);
  const editAsync = edit.mutateAsync;
  const removeAsync = remove.mutateAsync;

  const stopEdit = useCallback(() => {
    setEditingId(null);
    onEditEnd();
  }, [onEditEnd]);

  const destroy = useCallback(
    async (message: DisplayMessage): Promise<string | null> => {
      try {
        await removeAsync({ channelId, messageId: message.id });
        return null;
      } catch (error) {
        return describeProblem(error, "delete");
      }
    },
    [channelId, removeAsync],
  );

  const value = useMemo<MessageActions>(
    () => ({
      meId,
      editingId,
      startEdit(id) {
        setProblem(null);
        setEditingId(id);
      },
      stopEdit,
      async save(message, content) {
        if (content === message.content) return null;
        try {
          await editAsync({ channelId, messageId: message.id, content });
          return null;
        } catch (error) {
          return describeProblem(error, "edit");
        }
      },
      requestDelete(message, skipConfirm) {
        setProblem(null);
        if (!skipConfirm) {
          setConfirmProblem(null);
          setConfirming(message);
          return;
        }
        void destroy(message).then((text) => {
          if (text) setProblem({ id: message.id, text });
        });
      },
      problem,
      clearProblem: () => setProblem(null),
    }),
    [meId, editingId, stopEdit, channelId, editAsync, destroy, problem],
  );

  return (
    <MessageActionsContext value={value}>
      {children}
      <DeleteMessageDialog
        message={confirming}
        busy={remove.isPending}
        problem={confirmProblem}
        onCancel={() => setConfirming(null)}
        onConfirm={async () => {
          if (!confirming) return;
          const text = await destroy(confirming);
          if (text) setConfirmProblem(text);
          else setConfirming(null);
        }}
      />
    </MessageActionsContext>
  );
}
