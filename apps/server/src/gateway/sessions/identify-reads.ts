import { type Domain, ReadCache } from "@chat/domain";
import { type DomainEvent, GATEWAY_SESSIONS_CLOSE, isDispatch, isPersonEvent } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { SerializedEvent } from "../connection/payloads";
import { withoutScheduledEvents } from "../dispatch/intents";

type Bot = NonNullable<Awaited<ReturnType<Domain["applications"]["authenticateBot"]>>>;
type GuildPayload = Awaited<ReturnType<Domain["guilds"]["gatewayPayload"]>>;

/** A guild's GUILD_CREATE as one user sees it, and its variant without scheduled events, each serialized once. */
export interface GuildCreateVariants {
  data: GuildPayload;
  /** Shared by every session that receives exactly this payload (no presences added). */
  event: SerializedEvent;
  withoutScheduledEvents: () => { data: GuildPayload; event: SerializedEvent };
}

/**
 * What an Identify reads from the database (the bot behind the token, its guilds, each guild's
 * GUILD_CREATE as the bot sees it), shared by the Identifies that ask for the same thing while
 * nothing changed it: a fleet of sessions connecting at once costs a handful of reads, not a
 * handful per session.
 *
 * Why a shared read is as good as a fresh one: an Identify asks after its session is registered,
 * so every bus event heard from then on reaches the session after its GUILD_CREATE (the session
 * holds them). A read is shared only until this node hears an event that may change it: an event
 * of the guild (but presences and typing, in no shared read) drops that guild's reads; one that may change a bot, a user or who is in which
 * guild (an event without a guild, a GUILD_CREATE, GUILD_DELETE or GUILD_MEMBER_REMOVE, a token
 * reset) drops every read. So a session is never given a read older than an event it missed.
 * `heard` must therefore see every bus event before the dispatcher does. A read is also kept no
 * longer than `maxAgeMs`, for the rare change no event announces.
 */
export class IdentifyReads {
  private readonly reads: ReadCache;

  constructor(
    private readonly domain: Domain,
    maxAgeMs = 5_000,
  ) {
    this.reads = new ReadCache(maxAgeMs);
  }

  /** Every bus event, in bus order, before the dispatcher hears it. */
  heard(event: DomainEvent): void {
    if (this.reads.empty || isPersonEvent(event)) return;
    if (event.internal) {
      if (event.t === GATEWAY_SESSIONS_CLOSE) this.reads.clear();
      return;
    }
    // In no shared read: presences are added per session from the presence store, typing is in no payload.
    if (isDispatch(event, GatewayDispatchEvents.PresenceUpdate) || isDispatch(event, GatewayDispatchEvents.TypingStart))
      return;
    const guildId = event.guildId;
    const membership =
      isDispatch(event, GatewayDispatchEvents.GuildCreate) ||
      isDispatch(event, GatewayDispatchEvents.GuildDelete) ||
      isDispatch(event, GatewayDispatchEvents.GuildMemberRemove);
    if (!guildId || membership) this.reads.clear();
    else this.reads.dropGuild(guildId);
  }

  /** The bot a token belongs to, or null. */
  bot(token: string): Promise<Bot | null> {
    return this.reads.shared(`bot:${token}`, null, () => this.domain.applications.authenticateBot(token));
  }

  guildIdsOf(userId: bigint): Promise<bigint[]> {
    return this.reads.shared(`guilds:${userId}`, null, () => this.domain.guilds.guildIdsOf(userId));
  }

  /** GUILD_CREATE of `guildId` as `userId` sees it; rejects as the domain does (Unknown Guild once it is gone). */
  guildCreate(guildId: bigint, userId: bigint): Promise<GuildCreateVariants> {
    const id = guildId.toString();
    return this.reads.shared(`guild:${id}:${userId}`, id, async () => {
      const data = await this.domain.guilds.gatewayPayload(guildId, userId);
      let stripped: { data: GuildPayload; event: SerializedEvent } | null = null;
      const event = new SerializedEvent(GatewayDispatchEvents.GuildCreate, data);
      return {
        data,
        event,
        withoutScheduledEvents() {
          if (!stripped) {
            const strippedData = withoutScheduledEvents(data);
            stripped = {
              data: strippedData,
              event:
                strippedData === data ? event : new SerializedEvent(GatewayDispatchEvents.GuildCreate, strippedData),
            };
          }
          return stripped;
        },
      };
    });
  }

  close(): void {
    this.reads.clear();
  }
}
