"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import type { DisplayMessage } from "../messages/use-channel-messages";

/** "Delete message?" with the message quoted; a modal <dialog> (focus kept inside, Escape cancels). */
export function DeleteMessageDialog({
  message,
  busy,
  problem,
  onCancel,
  onConfirm,
}: {
  message: DisplayMessage | null;
  busy: boolean;
  problem: string | null;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Modal
      open={message !== null}
      onClose={onCancel}
      title="Delete message"
      description="Are you sure you want to delete this message? This cannot be undone."
    >
      {message ? (
        <div data-testid="delete-message-dialog">
          <blockquote className="max-h-40 overflow-y-auto rounded-md border border-line bg-chat px-3 py-2 text-sm whitespace-pre-wrap break-words text-text">
            <span className="font-semibold text-white">{message.author.displayName}</span>
            <br />
            {message.content || <em className="text-muted">(no text)</em>}
          </blockquote>
          <p className="mt-3 text-xs text-muted">Tip: hold Shift while clicking Delete to skip this question.</p>
          {problem ? (
            <div className="mt-3">
              <Alert tone="error">{problem}</Alert>
            </div>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={onConfirm}>
              Delete
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
