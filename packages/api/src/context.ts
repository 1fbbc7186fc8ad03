import type { Domain } from "@chat/domain";
import type { EventBus } from "@chat/events";
import type { LiveHub } from "./live/live-hub";
import type { BucketRule, RateLimitStore } from "@chat/rate-limit";

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
  /** The process's rate-limit counters (memory, or Redis shared by every node and the bot server). */
  rateLimits: RateLimitStore;
  /** Accounts one address may create per hour (the web app's SIGN_UP_LIMIT_PER_HOUR). */
  signUpLimit: BucketRule;
  /** The client's address as the web app resolved it (TRUST_PROXY); per-address limits count by it. */
  clientAddress: string;
}
