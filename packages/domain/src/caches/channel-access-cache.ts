import { type DomainEvent, mayChangeAccess } from "@chat/events";
import type { ChannelAccess } from "../services/shared/access";
import { ReadCache } from "./read-cache";

const MAX_AGE_MS = 10_000;

/**
 * A caller's access to a channel (its row, guild, membership and permissions there), kept for
 * the message paths so that a busy sender's messages do not each read it again. Every event
 * that may change access drops all of it, whether emitted here (at once) or heard from another
 * process, including reads still in flight; kept 10 s at most in any case. Refusals are never kept.
 *
 * Only message traffic uses it: its channel row is as of the read, so the columns that every
 * message moves on (last message, count, activity) are not to be read from it.
 */
export class ChannelAccessCache {
  private readonly reads = new ReadCache(MAX_AGE_MS);

  shared(channelId: bigint, userId: bigint, read: () => Promise<ChannelAccess>): Promise<ChannelAccess> {
    return this.reads.shared(`${channelId}:${userId}`, null, read);
  }

  observe(event: DomainEvent): void {
    if (!this.reads.empty && mayChangeAccess(event)) this.reads.clear();
  }

  forgetAll(): void {
    this.reads.clear();
  }
}
