import type { MenuItem } from "../commands/context-menu";
import type { DisplayMessage } from "../messages/use-channel-messages";
import type { MessageActions } from "./message-actions-context";

function copy(text: string) {
  void navigator.clipboard?.writeText(text).catch(() => {});
}

/** A message's own entries of its context menu: Edit, Delete where allowed, then the copies. */
export function messageMenuItems(
  message: DisplayMessage,
  { canEdit, canDelete, actions }: { canEdit: boolean; canDelete: boolean; actions: MessageActions | null },
): MenuItem[] {
  const items: MenuItem[] = [];
  if (canEdit && actions)
    items.push({ key: "edit", label: "Edit message", onSelect: () => actions.startEdit(message.id) });
  if (canDelete && actions)
    items.push({ key: "delete", label: "Delete message", onSelect: () => actions.requestDelete(message, false) });
  if (message.content) items.push({ key: "copy-text", label: "Copy text", onSelect: () => copy(message.content) });
  items.push({ key: "copy-id", label: "Copy message ID", onSelect: () => copy(message.id) });
  return items;
}
