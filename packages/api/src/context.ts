import type { Domain, PasswordHasher } from "@chat/domain";
import type { EventBus } from "@chat/events";

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
  /** Password hashing comes from @chat/auth (argon2id); injected so the routers stay framework-free. */
  passwords: PasswordHasher;
  /** The session the request's cookie names, or null; protected procedures accept it only while it is live. */
  session: SessionCookie | null;
}
