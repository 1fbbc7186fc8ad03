import type { Domain, PasswordHasher } from "@chat/domain";
import type { EventBus } from "@chat/events";
import type { PresenceStore } from "@chat/presence";
import type { RateLimitStore, SignUpLimits } from "@chat/rate-limit";
import type { LiveHub } from "./live/live-hub";

/** What the session cookie names: one server-side web session of one person (checked per call). */
export interface SessionCookie {
  sessionId: string;
  userId: bigint;
}

/** What every tRPC call of the web app runs with; the web app builds one per request. */
export interface ApiContext {
  domain: Domain;
  /** The process's event bus; live subscriptions read from it. */
  bus: EventBus;
  /** The process's people's live streams (one per browser tab). */
  live: LiveHub;
  /** Who is online: people by their open tabs, bots by their gateway sessions (memory of the server, or Redis). */
  presences: PresenceStore;
  /** Password hashing comes from @chat/auth (argon2id); injected so the routers stay framework-free. */
  passwords: PasswordHasher;
  /** The session the request's cookie names, or null; protected procedures accept it only while it is live. */
  session: SessionCookie | null;
  /** The process's rate-limit counters (memory, or Redis shared by every node and the bot server). */
  rateLimits: RateLimitStore;
  /** Sign-up attempts and accounts one address may make per hour (the web app's SIGN_UP_ATTEMPTS_PER_HOUR, SIGN_UP_LIMIT_PER_HOUR). */
  signUpLimits: SignUpLimits;
  /** The client's address as the web app resolved it (TRUST_PROXY); per-address limits count by it. */
  clientAddress: string;
  /** The web request this call serves (X-Request-Id, set by the web app's server): the events it causes carry it. */
  requestId?: string;
}
