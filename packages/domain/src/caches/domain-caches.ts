import type { DomainEvent } from "@chat/events";
import type { Clock } from "../clock";
import { BotIdentityCache } from "./bot-identities";
import { ChannelAccessCache } from "./channel-access-cache";

/**
 * What this process keeps of the database between requests, each kept right by the events
 * that change it: `emit` applies every event here before publishing it (so this process is
 * right at once), and every event heard from other processes is applied too.
 */
export class DomainCaches {
  readonly botIdentities: BotIdentityCache;
  readonly channelAccess = new ChannelAccessCache();

  constructor(clock: Clock) {
    this.botIdentities = new BotIdentityCache(() => clock.now().getTime());
  }

  /** For storage written without an event (tests' set-up): what was kept of access is read again. */
  forgetAccess(): void {
    this.channelAccess.forgetAll();
  }

  observe(event: DomainEvent): void {
    this.botIdentities.observe(event);
    this.channelAccess.observe(event);
  }
}
