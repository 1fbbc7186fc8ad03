import type { APIModalInteractionResponseCallbackData } from "discord-api-types/v10";
import {
  type APIChannel,
  type APIMessage,
  type APIVoiceState,
  GatewayDispatchEvents,
  type GatewayDispatchPayload,
  type GatewayGuildCreateDispatchData,
} from "discord-api-types/v10";

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
  | GatewayDispatchEvents.InteractionCreate
  | GatewayDispatchEvents.MessageCreate
  | GatewayDispatchEvents.MessageUpdate
  | GatewayDispatchEvents.MessageDelete
  | GatewayDispatchEvents.MessageReactionAdd
  | GatewayDispatchEvents.MessageReactionRemove
  | GatewayDispatchEvents.PresenceUpdate
  | GatewayDispatchEvents.TypingStart
  | GatewayDispatchEvents.UserUpdate
  | GatewayDispatchEvents.VoiceStateUpdate;

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
  [GatewayDispatchEvents.GuildCreate]: Omit<GatewayGuildCreateDispatchData, "channels" | "threads" | "voice_states"> & {
    channels: APIChannel[];
    threads: APIChannel[];
    voice_states: VoiceStateWithListening[];
  };
  [GatewayDispatchEvents.VoiceStateUpdate]: VoiceStateWithListening;
}

/** The voice state of this service: the reference shape plus whether the user hears the channel (spec: Voice join response). */
export type VoiceStateWithListening = APIVoiceState & { listening: boolean };

/** The payload (`d`) of dispatch event `T`. */
export type DispatchPayload<T extends DispatchName> = T extends keyof WiderPayloads
  ? WiderPayloads[T]
  : Extract<GatewayDispatchPayload, { t: T }>["d"];

/** Who an event is for, as named fields; receivers are decided from these and nothing else. */
export interface Addressing {
  /** The guild it belongs to; receivers must be members. */
  guildId?: string;
  /** The guild channel it concerns; receivers must be able to view it. */
  channelId?: string;
  /** Explicit receivers (DM recipients, the user of USER_UPDATE, those who gained or lost a channel). */
  userIds?: string[];
  /**
   * INTERACTION_CREATE: exactly one connected gateway session of the bot in `userIds` receives
   * it, one whose shard holds `guildId`; `preferred` (the session that received the earlier
   * interactions of the same message) while it is connected. The gateway nodes settle which
   * one with a compare-and-set on the interaction's row.
   */
  oneSession?: { preferred: string | null };
}

interface BusFields extends Addressing {
  /**
   * Unique per event, set by the Redis bus when it publishes: gateway nodes name a position in
   * the shared event stream by it (cross-node Resume catches a session up from there).
   */
  id?: string;
  /** The request (REST or the web app) that caused the event, for logs; never sent to bots or tabs. */
  requestId?: string;
  /** Only person events name a person (PersonAddressing). */
  personId?: undefined;
}

/**
 * What an event states besides its payload, as named fields the emitter fills in once: people's
 * tabs receive them with the payload; bots never do (they get `d` alone, the reference shape).
 */
interface DispatchFacts {
  [GatewayDispatchEvents.GuildDelete]: {
    /**
     * The guild itself was deleted, rather than its receivers removed from it (kick, ban, leave):
     * the payload is the same either way, and the page says which.
     */
    guildDeleted: boolean;
  };
}

/** The named facts event `T` carries (none for most events). */
export type DispatchFactsOf<T extends DispatchName> = T extends keyof DispatchFacts ? DispatchFacts[T] : unknown;

/** One dispatch event as a domain service emits it: `d` is already the wire shape. */
export type DispatchEvent<T extends DispatchName = DispatchName> = {
  [N in T]: { t: N; d: DispatchPayload<N>; internal?: undefined } & DispatchFactsOf<N> & BusFields;
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

/**
 * Person event: where the person has read up to in one channel, and how many messages after
 * that mention them (0 once read to the end). Sent when an acknowledgement from any of their
 * tabs or a message of their own moves the position. Joining a guild moves it silently (each
 * channel read up to its newest message then): tabs learn those from the read-state list.
 */
export const READ_STATE_UPDATE = "READ_STATE_UPDATE";

export interface ReadStateUpdateData {
  channel_id: string;
  /** Null in a DM. */
  guild_id: string | null;
  last_read_id: string;
  mention_count: number;
}

/**
 * Person event: an interaction this person started (a command, a click) was acknowledged by
 * its application (`deferred`: it is thinking; `answered`), or failed: the application did not
 * respond within 3 seconds, or its bot was not connected. Sent to the tab that started it.
 */
export const INTERACTION_UPDATE = "INTERACTION_UPDATE";

export interface InteractionUpdateData {
  id: string;
  channel_id: string;
  status: "deferred" | "answered" | "failed";
}

/**
 * Person event: the choices an application answered (callback 8) to what this person typed into
 * an autocomplete option. Sent only to the tab that typed; nothing is posted anywhere.
 */
export const AUTOCOMPLETE_RESULT = "AUTOCOMPLETE_RESULT";

export interface AutocompleteResultData {
  /** The autocomplete interaction answered. */
  id: string;
  channel_id: string;
  choices: { name: string; value: string | number }[];
}

/**
 * Person events: a message only this person sees (flags 64, EPHEMERAL), created, edited or
 * deleted by the application it answered. Never stored in the channel's history; every open
 * tab of the person keeps it until reload or dismissal.
 */
export const EPHEMERAL_MESSAGE_CREATE = "EPHEMERAL_MESSAGE_CREATE";
export const EPHEMERAL_MESSAGE_UPDATE = "EPHEMERAL_MESSAGE_UPDATE";
export const EPHEMERAL_MESSAGE_DELETE = "EPHEMERAL_MESSAGE_DELETE";

/**
 * Person event: an application answered the person's command or click with a form (callback
 * type 9). Sent only to the tab that used it; the form is submitted with the interaction's id.
 */
export const FORM_OPEN = "FORM_OPEN";

export interface FormOpenData {
  /** The interaction the form answers (its submission names it). */
  id: string;
  channel_id: string;
  application: { id: string; name: string; icon_url: string | null };
  form: APIModalInteractionResponseCallbackData;
}

interface PersonPayloads {
  [READ_STATE_UPDATE]: ReadStateUpdateData;
  [INTERACTION_UPDATE]: InteractionUpdateData;
  [AUTOCOMPLETE_RESULT]: AutocompleteResultData;
  [FORM_OPEN]: FormOpenData;
  [EPHEMERAL_MESSAGE_CREATE]: APIMessage;
  [EPHEMERAL_MESSAGE_UPDATE]: APIMessage;
  [EPHEMERAL_MESSAGE_DELETE]: { id: string; channel_id: string };
}

/** The events meant for one person's browser tabs only, by name. */
export type PersonEventName = keyof PersonPayloads;

/** The payload (`d`) of person event `T`, in the wire's snake_case. */
export type PersonEventPayload<T extends PersonEventName> = PersonPayloads[T];

/** Who a person event is for: only these named fields, never an audience decision (no guild, channel or userIds). */
export type PersonAddressing = { [K in keyof Addressing]?: undefined } & {
  /** Every open tab of this person, on every web process. */
  personId: string;
  /** Only this tab of theirs: the id its live stream's ready frame gave it. */
  tabId?: string;
};

/**
 * An event for one person's browser tabs (the web app's own state, such as read states), never
 * for bots: the gateway ignores these. They travel on the bus so every web process hears them.
 */
export type PersonEvent<T extends PersonEventName = PersonEventName> = {
  [N in T]: { t: N; d: PersonPayloads[N]; internal?: undefined; id?: string; requestId?: string } & PersonAddressing;
}[T];

/** Everything that travels on the bus. */
export type DomainEvent = DispatchEvent | InternalEvent | PersonEvent;

/** What a person's browser tab may receive: the dispatch events the audience lets it see and the events addressed to the person. */
export type LiveEvent = DispatchEvent | PersonEvent;

/** The name of an event a browser tab may receive. */
export type LiveEventName = DispatchName | PersonEventName;

/**
 * A live event as a browser tab receives it: its name and payload, without the bus's
 * addressing. A union discriminated by `t`, so `d` narrows with the name.
 */
export type LiveWireEvent =
  | { [N in DispatchName]: { t: N; d: DispatchPayload<N> } & DispatchFactsOf<N> }[DispatchName]
  | { [N in PersonEventName]: { t: N; d: PersonEventPayload<N> } }[PersonEventName];

/** A live event as its tab receives it: the name, the payload and the event's facts, none of the bus's addressing. */
export function liveWireEvent(event: LiveEvent): LiveWireEvent {
  if (isDispatch(event, GatewayDispatchEvents.GuildDelete))
    return { t: event.t, d: event.d, guildDeleted: event.guildDeleted };
  // `t` and `d` come from one event, so they match; TypeScript cannot follow that across the union.
  return { t: event.t, d: event.d } as LiveWireEvent;
}

/** Narrows an event to one dispatch name, with its payload type. */
export function isDispatch<T extends DispatchName>(
  event: DomainEvent,
  name: T,
): event is Extract<DomainEvent, { t: T }> {
  return event.t === name && !event.internal;
}

/** True for the events addressed to one person's browser tabs (which bots never receive). */
export function isPersonEvent(event: DomainEvent): event is PersonEvent {
  return event.personId !== undefined;
}

/** The ended session ids when `event` is a WEB_SESSIONS_END, otherwise null. */
export function endedWebSessions(event: DomainEvent): string[] | null {
  return event.t === WEB_SESSIONS_END ? event.d.sessionIds : null;
}
