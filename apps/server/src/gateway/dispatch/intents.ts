import { type DispatchEvent, type DispatchName, isDispatch } from "@chat/events";
import { GatewayDispatchEvents, GatewayIntentBits } from "discord-api-types/v10";

/**
 * Which intent brings which event (spec: Events). One row per event; a message event names
 * the intent for guild channels and the one for DMs. `ALWAYS` rows need no intent.
 * An event without a row is never dispatched to bots.
 */
export const ALWAYS = 0;
type IntentRule = number | { guild: number; direct: number };

const {
  Guilds,
  GuildMembers,
  GuildExpressions,
  GuildVoiceStates,
  GuildPresences,
  GuildMessages,
  GuildMessageReactions,
  GuildMessageTyping,
  GuildScheduledEvents,
  DirectMessages,
} = GatewayIntentBits;
const E = GatewayDispatchEvents;

export const EVENT_INTENTS: Partial<Record<GatewayDispatchEvents, IntentRule>> = {
  [E.Ready]: ALWAYS,
  [E.Resumed]: ALWAYS,
  [E.InteractionCreate]: ALWAYS,
  [E.GuildMembersChunk]: ALWAYS,
  [E.UserUpdate]: ALWAYS,

  [E.GuildCreate]: Guilds,
  [E.GuildUpdate]: Guilds,
  [E.GuildDelete]: Guilds,
  [E.GuildRoleCreate]: Guilds,
  [E.GuildRoleUpdate]: Guilds,
  [E.GuildRoleDelete]: Guilds,
  [E.ChannelCreate]: Guilds,
  [E.ChannelUpdate]: Guilds,
  [E.ChannelDelete]: Guilds,
  [E.ChannelPinsUpdate]: Guilds,
  [E.ThreadCreate]: Guilds,
  [E.ThreadUpdate]: Guilds,
  [E.ThreadDelete]: Guilds,

  [E.GuildMemberAdd]: GuildMembers,
  [E.GuildMemberUpdate]: GuildMembers,
  [E.GuildMemberRemove]: GuildMembers,

  [E.GuildEmojisUpdate]: GuildExpressions,
  [E.VoiceStateUpdate]: GuildVoiceStates,
  [E.PresenceUpdate]: GuildPresences,

  [E.MessageCreate]: { guild: GuildMessages, direct: DirectMessages },
  [E.MessageUpdate]: { guild: GuildMessages, direct: DirectMessages },
  [E.MessageDelete]: { guild: GuildMessages, direct: DirectMessages },
  [E.MessageDeleteBulk]: GuildMessages,
  [E.MessageReactionAdd]: GuildMessageReactions,
  [E.MessageReactionRemove]: GuildMessageReactions,
  [E.TypingStart]: GuildMessageTyping,

  [E.GuildScheduledEventCreate]: GuildScheduledEvents,
  [E.GuildScheduledEventUpdate]: GuildScheduledEvents,
  [E.GuildScheduledEventDelete]: GuildScheduledEvents,
  [E.GuildScheduledEventUserAdd]: GuildScheduledEvents,
  [E.GuildScheduledEventUserRemove]: GuildScheduledEvents,
};

/** Every intent bit the platform defines; Identify with any other bit closes 4013. */
export const KNOWN_INTENTS: number = Object.values(GatewayIntentBits)
  .filter((bit): bit is number => typeof bit === "number")
  .reduce((all, bit) => all | bit, 0);

/** Whether a session holding `intents` receives `event` as far as intents go (audience is decided elsewhere). */
export function intentAllows(event: DispatchEvent, intents: number, receiverId: string): boolean {
  // GUILD_MEMBER_UPDATE for the bot's own member comes whatever the intents.
  if (isDispatch(event, E.GuildMemberUpdate) && event.d.user.id === receiverId) return true;
  return holdsIntentFor(event.t, event.guildId !== undefined, intents);
}

/** Whether `intents` include what event `name` needs, in a guild or in DMs. */
export function holdsIntentFor(name: DispatchName, inGuild: boolean, intents: number): boolean {
  const rule = EVENT_INTENTS[name];
  if (rule === undefined) return false;
  const bit = typeof rule === "number" ? rule : inGuild ? rule.guild : rule.direct;
  return bit === ALWAYS || (intents & bit) === bit;
}

/** Guild Presences also brings presences inside GUILD_CREATE and (when asked) member chunks. */
export function receivesPresences(intents: number): boolean {
  return (intents & GuildPresences) === GuildPresences;
}

/** Scheduled events inside GUILD_CREATE come only with Guild Scheduled Events (as well as Guilds). */
export function receivesScheduledEvents(intents: number): boolean {
  return (intents & GuildScheduledEvents) === GuildScheduledEvents;
}

/** A GUILD_CREATE payload as a session without Guild Scheduled Events receives it. */
export function withoutScheduledEvents<G extends { guild_scheduled_events?: readonly unknown[] }>(guild: G): G {
  const events = guild.guild_scheduled_events;
  return events && events.length > 0 ? { ...guild, guild_scheduled_events: [] } : guild;
}
