import { randomBytes } from "node:crypto";
import { ApiError, serializeSelf } from "@chat/domain";
import { withPresences } from "@chat/presence";
import { GatewayCloseCodes, GatewayDispatchEvents, type GatewayReadyDispatchData } from "discord-api-types/v10";
import { GatewayCloseError } from "../connection/close-codes";
import type { Connection } from "../connection/connection";
import { SerializedEvent } from "../connection/payloads";
import { holdsIntentFor, receivesPresences, receivesScheduledEvents } from "../dispatch/intents";
import type { IdentifyRequest } from "../handlers/identify";
import type { IdentifyServices } from "../services";
import { markResumable } from "./cluster";
import { Session } from "./session";

/**
 * After a valid Identify: authenticate, register the session (events for it are held from
 * here on), then READY (s = 1), one GUILD_CREATE per guild with the Guilds intent (with
 * presences for holders of Guild Presences), then whatever arrived meanwhile (spec emission
 * rule 6). Last, the bot shows the status it identified with.
 */
export async function startSession(
  services: IdentifyServices,
  connection: Connection,
  request: IdentifyRequest,
): Promise<void> {
  const { identifyReads, sessions, options, urls, replay, presences, presenceTracker, store } = services;
  const bot = await identifyReads.bot(request.token);
  if (!bot) throw new GatewayCloseError(GatewayCloseCodes.AuthenticationFailed);
  if (!connection.isOpen) return;

  const record = {
    id: randomBytes(16).toString("hex"),
    userId: bot.user.id.toString(),
    applicationId: bot.application.id.toString(),
    intents: request.intents,
    shard: request.shard,
    createdAt: Date.now(),
  };
  const userId = record.userId;
  // The 16-sessions-per-bot limit, counted across nodes in multi-node mode.
  if (!(await store.open(record, options.maxSessionsPerBot)))
    throw new GatewayCloseError(GatewayCloseCodes.RateLimited);
  if (!connection.isOpen) return store.end(record.id, userId);
  const session = new Session(record, replay);
  sessions.add(session);
  if (!connection.attach(session)) return sessions.end(session);
  // From here a dropped connection leaves the session waiting for a Resume: the rest of the
  // Identify still goes into its replay buffer. Only an ended session stops it.
  const alive = () => sessions.get(session.id) === session;

  // Read once the session is registered: whatever changes later reaches it as a held event.
  for (const guildId of await identifyReads.guildIdsOf(bot.user.id)) sessions.joinGuild(session, guildId.toString());
  if (!alive()) return;

  const ready = {
    v: 10,
    user: serializeSelf(bot.user, urls),
    guilds: [...session.guildIds].map((id) => ({ id, unavailable: true })),
    session_id: session.id,
    resume_gateway_url: urls.gatewayUrl,
    ...(session.shard ? { shard: session.shard } : {}),
    application: { id: session.applicationId, flags: bot.application.flags, flags_new: String(bot.application.flags) },
  } satisfies GatewayReadyDispatchData;
  session.dispatchNow(new SerializedEvent(GatewayDispatchEvents.Ready, ready));
  services.metrics.identified();

  const guildCreates = holdsIntentFor(GatewayDispatchEvents.GuildCreate, true, session.intents)
    ? [...session.guildIds]
    : [];
  for (const guildId of guildCreates) {
    const variants = await identifyReads.guildCreate(BigInt(guildId), bot.user.id).catch(goneGuildAsNull);
    const shown = variants && !receivesScheduledEvents(session.intents) ? variants.withoutScheduledEvents() : variants;
    // With Guild Presences the payload gets this moment's presences, so it is serialized for this session alone.
    const event =
      shown && receivesPresences(session.intents)
        ? new SerializedEvent(GatewayDispatchEvents.GuildCreate, await withPresences(presences, shown.data))
        : shown?.event;
    if (!alive()) return;
    // A guild left or deleted meanwhile: its GUILD_DELETE is among the held events.
    if (event) session.dispatchNow(event);
  }
  if (!alive()) return;
  session.release();
  markResumable(services, session);
  presenceTracker.set(session, request.status);
}

/** Unknown Guild: the guild went away during Identify. Anything else fails the Identify (4000). */
function goneGuildAsNull(error: unknown): null {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
}
