import { GATEWAY_SESSIONS_CLOSE, type DomainEvent } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { UserRow } from "../serializers/user";

/** Who a bot token belongs to, as every REST request needs it: the application's ids and its bot user. */
export interface BotIdentityRecord {
  applicationId: bigint;
  /** The id an application made before application ids followed the bot user had. */
  legacyApplicationId: bigint | null;
  user: UserRow & { id: bigint };
}

const LIFETIME_MS = 60_000;
const MOST = 10_000;

/**
 * Bot tokens this process has checked recently, so a bot's requests do not each read its
 * application and user. Forgotten the moment this process learns the token stopped being good
 * or the user changed: GATEWAY_SESSIONS_CLOSE (token reset, application deleted) and
 * USER_UPDATE, whether emitted here or heard from another process; and after a minute in any case.
 * Only tokens that worked are kept: a wrong token is checked against the database every time.
 */
export class BotIdentityCache {
  private entries = new Map<string, { identity: BotIdentityRecord; at: number }>();

  constructor(private now: () => number) {}

  get(token: string): BotIdentityRecord | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.now() - entry.at > LIFETIME_MS) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.identity;
  }

  set(token: string, identity: BotIdentityRecord): void {
    if (this.entries.size >= MOST) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { identity, at: this.now() });
  }

  /** Applies what an event says about bot tokens; cheap for every other event. */
  observe(event: DomainEvent): void {
    if (event.t === GATEWAY_SESSIONS_CLOSE) this.forget(new Set(event.userIds));
    else if (event.t === GatewayDispatchEvents.UserUpdate) this.forget(new Set([event.d.id]));
  }

  private forget(userIds: Set<string>): void {
    if (this.entries.size === 0) return;
    for (const [token, entry] of this.entries)
      if (userIds.has(entry.identity.user.id.toString())) this.entries.delete(token);
  }
}
