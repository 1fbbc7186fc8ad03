import type { MessageView } from "@chat/api/views";

/** Decimal ids compare by length first, then as text. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The newer of two copies of one message: an edit never goes back to an older text. */
function newer(current: MessageView | undefined, incoming: MessageView): MessageView {
  if (!current?.editedAt) return incoming;
  return incoming.editedAt && incoming.editedAt >= current.editedAt ? incoming : current;
}

/** Messages by id, oldest first, without duplicates; a copy already shown is replaced only by a newer edit. */
export function mergeMessages(current: readonly MessageView[], incoming: readonly MessageView[]): MessageView[] {
  const byId = new Map<string, MessageView>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, newer(byId.get(m.id), m));
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

/** An edit replaces a message shown; one not loaded (older than the pages on screen) stays unloaded. */
export function replaceMessage(current: readonly MessageView[], edited: MessageView): MessageView[] {
  const shown = current.find((m) => m.id === edited.id);
  // An edit's event counts `me` of reactions for the editor: the copy shown keeps the viewer's own.
  return shown ? mergeMessages(current, [{ ...edited, reactions: shown.reactions }]) : [...current];
}

export function removeMessage(current: readonly MessageView[], id: string): MessageView[] {
  return current.filter((m) => m.id !== id);
}
