/**
 * One dispatch event as a domain service emits it. `d` is already the wire shape; the
 * gateway (and the web app's live stream) decide who receives it from the scope fields.
 */
export interface DomainEvent {
  /** Dispatch name, e.g. MESSAGE_CREATE. */
  t: string;
  d: unknown;
  /** The guild it belongs to; receivers must be members. */
  guildId?: string;
  /** The channel it concerns; receivers must be able to view it. */
  channelId?: string;
  /** Explicit receivers (DM recipients, the user of USER_UPDATE, ...). */
  userIds?: string[];
  /**
   * Unique per event, set by the Redis bus when it publishes: gateway nodes name a position in
   * the shared event stream by it (cross-node Resume catches a session up from there).
   */
  id?: string;
  /**
   * Coordination between processes (e.g. GATEWAY_SESSIONS_CLOSE): handled by the server
   * itself, never dispatched to bots nor shown to browsers.
   */
  internal?: true;
}

/**
 * Internal event: close every gateway session of `userIds` with close code `d.code` (4004
 * after a bot token reset or an application's deletion), on whichever node holds them.
 */
export const GATEWAY_SESSIONS_CLOSE = "GATEWAY_SESSIONS_CLOSE";

export interface GatewaySessionsCloseEvent extends DomainEvent {
  t: typeof GATEWAY_SESSIONS_CLOSE;
  d: { code: number };
  userIds: string[];
  internal: true;
}

/**
 * Internal event: these web sessions of one person ended (sign-out, log out everywhere, a
 * password change, suspension). Every process ends the live streams opened with them. Never
 * dispatched to bots (the gateway dispatches no internal event) nor sent to browsers.
 */
export const WEB_SESSIONS_END = "WEB_SESSIONS_END";

export interface WebSessionsEndEvent extends DomainEvent {
  t: typeof WEB_SESSIONS_END;
  d: { sessionIds: string[] };
  userIds: [string];
  internal: true;
}

/** The ended session ids when `event` is a WEB_SESSIONS_END, otherwise null. */
export function endedWebSessions(event: DomainEvent): string[] | null {
  if (event.t !== WEB_SESSIONS_END || event.internal !== true) return null;
  const ids = (event.d as { sessionIds?: unknown } | null)?.sessionIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : null;
}

export type EventHandler = (event: DomainEvent) => void;

export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  subscribe(handler: EventHandler): () => void;
  close(): Promise<void>;
}

export class HandlerSet {
  private handlers = new Set<EventHandler>();
  add(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
  deliver(event: DomainEvent): void {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (error) {
        console.error("event handler failed", error);
      }
    }
  }
}

/** An event received from another process, or null when the frame is not one. */
export function parseEvent(text: string): DomainEvent | null {
  try {
    const value = JSON.parse(text) as DomainEvent;
    return value && typeof value === "object" && typeof value.t === "string" ? value : null;
  } catch {
    return null;
  }
}
