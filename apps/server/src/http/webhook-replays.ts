import type { ShortLivedStore } from "@chat/ephemeral";

/** The longest an event id is remembered: LiveKit's webhook signatures last minutes, not days. */
const LONGEST_MEMORY_MS = 24 * 60 * 60_000;

/**
 * The signed webhooks already handled, remembered while their signature still verifies, so
 * the same signed body sent again (a replay, or the sender's retry of one we handled) is
 * dropped. Kept in the short-lived store: this node's memory, or Redis shared by every node.
 */
export class SeenWebhooks {
  constructor(
    private readonly store: ShortLivedStore,
    private readonly source: string,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Runs `handle` for the first delivery of event `id` only; false (nothing run) for a repeat.
   * A handling that fails forgets the id again, so the sender's retry is handled.
   */
  async once(id: string, signedUntilMs: number, handle: () => Promise<void>): Promise<boolean> {
    const key = `webhook-seen:${this.source}:${id}`;
    const remember = Math.min(Math.max(signedUntilMs - this.now(), 1), LONGEST_MEMORY_MS);
    if (!(await this.store.putIfAbsent(key, true, remember))) return false;
    try {
      await handle();
    } catch (error) {
      await this.store.delete(key).catch(() => undefined);
      throw error;
    }
    return true;
  }
}
