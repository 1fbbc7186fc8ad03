import { type APIChannel, GatewayDispatchEvents, type GatewayDispatchPayload, type GatewayGuildCreateDispatchData } from "discord-api-types/v10";

/**
 * The dispatch events this service emits, by name. Each one's payload is the type
 * discord-api-types gives it; a service cannot emit a name outside this list.
 */
export type DispatchName =
  | GatewayDispatchEvents.ChannelCreate
  | GatewayDispatchEvents.ChannelUpdate
  | GatewayDispatchEvents.ChannelDelete
  | GatewayDispatchEvents.ChannelPinsUpdate
  | GatewayDispatchEvents.ThreadCreate
  | GatewayDispatchEvents.ThreadUpdate
  | GatewayDispatchEvents.ThreadDelete
  | GatewayDispatchEvents.GuildCreate
  | GatewayDispatchEvents.GuildUpdate
  | GatewayDispatchEvents.GuildDelete
  | GatewayDispatchEvents.GuildRoleCreate
  | GatewayDispatchEvents.GuildRoleUpdate
  | GatewayDispatchEvents.GuildRoleDelete
  | GatewayDispatchEvents.GuildMemberAdd
  | GatewayDispatchEvents.GuildMemberUpdate
  | GatewayDispatchEvents.GuildMemberRemove
  | GatewayDispatchEvents.GuildEmojisUpdate
  | GatewayDispatchEvents.GuildScheduledEventCreate
  | GatewayDispatchEvents.GuildScheduledEventUpdate
  | GatewayDispatchEvents.GuildScheduledEventDelete
  | GatewayDispatchEvents.GuildScheduledEventUserAdd
  | GatewayDispatchEvents.GuildScheduledEventUserRemove
  | GatewayDispatchEvents.MessageCreate
  | GatewayDispatchEvents.MessageUpdate
  | GatewayDispatchEvents.MessageDelete
  | GatewayDispatchEvents.MessageReactionAdd
  | GatewayDispatchEvents.MessageReactionRemove
  | GatewayDispatchEvents.PresenceUpdate
  | GatewayDispatchEvents.TypingStart
  | GatewayDispatchEvents.UserUpdate;

/**
 * Where discord-api-types narrows a channel by event (a guild channel for CHANNEL_*, a thread
 * for THREAD_*), the channel serializer answers the whole APIChannel union: those payloads
 * are typed with that union; every other payload is exactly discord-api-types' own.
 */
interface WiderPayloads {
  [GatewayDispatchEvents.ChannelCreate]: APIChannel;
  [GatewayDispatchEvents.ChannelUpdate]: APIChannel;
  [GatewayDispatchEvents.ChannelDelete]: APIChannel;
  [GatewayDispatchEvents.ThreadCreate]: APIChannel & { newly_created?: boolean };
  [GatewayDispatchEvents.ThreadUpdate]: APIChannel;
  [GatewayDispatchEvents.GuildCreate]: Omit<GatewayGuildCreateDispatchData, "channels" | "threads"> & { channels: APIChannel[]; threads: APIChannel[] };
}

/** The payload (`d`) of dispatch event `T`. */
export type DispatchPayload<T extends DispatchName> = T extends keyof WiderPayloads ? WiderPayloads[T] : Extract<GatewayDispatchPayload, { t: T }>["d"];

/** Who an event is for, as named fields; receivers are decided from these and nothing else. */
export interface Addressing {
  /** The guild it belongs to; receivers must be members. */
  guildId?: string;
  /** The guild channel it concerns; receivers must be able to view it. */
  channelId?: string;
  /** Explicit receivers (DM recipients, the user of USER_UPDATE, those who gained or lost a channel). */
  userIds?: string[];
}

interface BusFields extends Addressing {
  /**
   * Unique per event, set by the Redis bus when it publishes: gateway nodes name a position in
   * the shared event stream by it (cross-node Resume catches a session up from there).
   */
  id?: string;
}

/** One dispatch event as a domain service emits it: `d` is already the wire shape. */
export type DispatchEvent<T extends DispatchName = DispatchName> = {
  [N in T]: { t: N; d: DispatchPayload<N>; internal?: undefined } & BusFields;
}[T];

/**
 * Internal event: close every gateway session of `userIds` with close code `d.code` (4004
 * after a bot token reset or an application's deletion), on whichever node holds them.
 */
export const GATEWAY_SESSIONS_CLOSE = "GATEWAY_SESSIONS_CLOSE";

/** Internal event: a node waits until its own barrier comes back, so everything before it was read. */
export const GATEWAY_BUS_BARRIER = "GATEWAY_BUS_BARRIER";

export interface GatewaySessionsCloseEvent extends BusFields {
  t: typeof GATEWAY_SESSIONS_CLOSE;
  d: { code: number };
  userIds: string[];
  internal: true;
}

export interface BusBarrierEvent extends BusFields {
  t: typeof GATEWAY_BUS_BARRIER;
  d: { nonce: string };
  internal: true;
}

/**
 * Internal event: these web sessions of one person ended (sign-out, log out everywhere, a
 * password change, suspension). Every web process ends the live streams opened with them.
 */
export const WEB_SESSIONS_END = "WEB_SESSIONS_END";

export interface WebSessionsEndEvent extends BusFields {
  t: typeof WEB_SESSIONS_END;
  d: { sessionIds: string[] };
  userIds: [string];
  internal: true;
}

/**
 * Coordination between processes: handled by the server and the web app themselves, never
 * dispatched to bots nor shown to browsers as such.
 */
export type InternalEvent = GatewaySessionsCloseEvent | BusBarrierEvent | WebSessionsEndEvent;

/** Everything that travels on the bus. */
export type DomainEvent = DispatchEvent | InternalEvent;

/** Narrows an event to one dispatch name, with its payload type. */
export function isDispatch<T extends DispatchName>(event: DomainEvent, name: T): event is Extract<DomainEvent, { t: T }> {
  return event.t === name && !event.internal;
}

/** The ended session ids when `event` is a WEB_SESSIONS_END, otherwise null. */
export function endedWebSessions(event: DomainEvent): string[] | null {
  return event.t === WEB_SESSIONS_END ? event.d.sessionIds : null;
}
