import type { Domain } from "@chat/domain";
import type { EventBus } from "@chat/events";
import type { LiveHub } from "./live/live-hub";

/** What every tRPC call of the web app runs with; the web app builds one per request. */
export interface ApiContext {
  domain: Domain;
  /** The process's event bus; live subscriptions read from it. */
  bus: EventBus;
  /** The process's people's live streams (one per browser tab). */
  live: LiveHub;
  /** Password hashing comes from @chat/auth (argon2id); injected so the routers stay framework-free. */
  passwords: { hash(password: string): Promise<string> };
  /** The signed-in person's id from the session cookie, or null. */
  sessionUserId: bigint | null;
}
