import { type DomainEvent, mayChangeAccess } from "@chat/events";
import { ReadCache } from "../caches/read-cache";
import type { ChannelViewers } from "./channel-viewers";

/**
 * The audience check (who among these users can view this channel), read once per channel and
 * set of users and reused by the events after it, instead of a batch of statements for every
 * message: a busy channel's messages cost no database work. The gateway's dispatcher and the
 * web app's live streams each keep one.
 *
 * `heard` sees every bus event before the audience is asked about it. An event that may change
 * access (mayChangeAccess) drops its guild's reads (every read when it has no guild) first, so
 * an event is never checked against viewers read before a change the bus announced earlier.
 * A read is kept at most `maxAgeMs`.
 */
export class ViewerCache {
  private readonly reads: ReadCache;

  constructor(
    private readonly read: ChannelViewers,
    maxAgeMs = 10_000,
  ) {
    this.reads = new ReadCache(maxAgeMs);
  }

  readonly viewers: ChannelViewers = (guildId, channelId, userIds) => {
    const key = `${guildId}:${channelId}:${[...userIds].sort().join(",")}`;
    return this.reads.shared(key, guildId, () => this.read(guildId, channelId, userIds));
  };

  heard(event: DomainEvent): void {
    if (this.reads.empty || !mayChangeAccess(event)) return;
    if (event.guildId) this.reads.dropGuild(event.guildId);
    else this.reads.clear();
  }

  close(): void {
    this.reads.clear();
  }
}
