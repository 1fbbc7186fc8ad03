import type { MessageView } from "@chat/api/views";
import { compareIds } from "../messages/message-merge";

type Listener = () => void;

const NONE: readonly MessageView[] = [];

/**
 * Messages only this person sees (flags 64), by channel: never in the channel's history, so
 * the tab keeps them from the live stream until it reloads or the person dismisses them.
 */
export class EphemeralStore {
  private byChannel = new Map<string, readonly MessageView[]>();
  /** Dismissed or deleted: a later edit of one does not bring it back. */
  private gone = new Set<string>();
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  in(channelId: string): readonly MessageView[] {
    return this.byChannel.get(channelId) ?? NONE;
  }

  /** Created or edited (an edit of one this tab never saw adds it). */
  put(message: MessageView): void {
    if (this.gone.has(message.id)) return;
    const others = this.in(message.channelId).filter((m) => m.id !== message.id);
    this.set(
      message.channelId,
      [...others, message].sort((a, b) => compareIds(a.id, b.id)),
    );
  }

  /** Deleted by its application, or dismissed by the person. */
  remove(channelId: string, messageId: string): void {
    this.gone.add(messageId);
    const list = this.in(channelId);
    if (list.some((m) => m.id === messageId))
      this.set(
        channelId,
        list.filter((m) => m.id !== messageId),
      );
  }

  /** Where is it (a component click on an ephemeral message needs its channel)? */
  find(messageId: string): MessageView | null {
    for (const list of this.byChannel.values()) for (const m of list) if (m.id === messageId) return m;
    return null;
  }

  private set(channelId: string, list: readonly MessageView[]): void {
    if (list.length === 0) this.byChannel.delete(channelId);
    else this.byChannel.set(channelId, list);
    for (const listener of this.listeners) listener();
  }
}
