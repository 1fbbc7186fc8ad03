/** How long "X is typing…" lasts after a typing event (the reference platform's 10 seconds). */
export const TYPING_MS = 10_000;

export interface Typist {
  userId: string;
  name: string;
}

type Listener = () => void;

/**
 * Who is typing in which channel, from TYPING_START events: each entry ends after TYPING_MS,
 * or as soon as that person's message arrives. Read with useSyncExternalStore.
 */
export class TypingStore {
  private byChannel = new Map<string, Map<string, { name: string; timer: ReturnType<typeof setTimeout> }>>();
  private snapshots = new Map<string, readonly Typist[]>();
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The people typing in a channel now (a stable array between changes). */
  typists(channelId: string): readonly Typist[] {
    return this.snapshots.get(channelId) ?? NONE;
  }

  started(channelId: string, userId: string, name: string): void {
    const channel = this.byChannel.get(channelId) ?? new Map();
    this.byChannel.set(channelId, channel);
    const current = channel.get(userId);
    if (current) clearTimeout(current.timer);
    channel.set(userId, { name, timer: setTimeout(() => this.stopped(channelId, userId), TYPING_MS) });
    this.changed(channelId);
  }

  /** Their message arrived (or the time ran out): no longer typing. */
  stopped(channelId: string, userId: string): void {
    const channel = this.byChannel.get(channelId);
    const entry = channel?.get(userId);
    if (!channel || !entry) return;
    clearTimeout(entry.timer);
    channel.delete(userId);
    if (channel.size === 0) this.byChannel.delete(channelId);
    this.changed(channelId);
  }

  clear(): void {
    for (const channel of this.byChannel.values()) for (const entry of channel.values()) clearTimeout(entry.timer);
    const channels = [...this.byChannel.keys()];
    this.byChannel.clear();
    for (const channelId of channels) this.changed(channelId);
  }

  private changed(channelId: string): void {
    const channel = this.byChannel.get(channelId);
    if (channel)
      this.snapshots.set(
        channelId,
        [...channel].map(([userId, { name }]) => ({ userId, name })),
      );
    else this.snapshots.delete(channelId);
    for (const listener of this.listeners) listener();
  }
}

const NONE: readonly Typist[] = [];
