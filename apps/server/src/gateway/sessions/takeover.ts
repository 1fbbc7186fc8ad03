import { PresenceUpdateStatus } from "discord-api-types/v10";
import { Dispatcher } from "../dispatch/dispatcher";
import type { TakeoverServices } from "../services";
import { markResumable } from "./cluster";
import { Session } from "./session";
import { SessionRegistry } from "./session-registry";

/**
 * Resume of a session this node does not hold. Whether its node is alive or was killed, the
 * session is claimed in Redis (from then on the old node's writes about it are refused, and
 * if alive it closes its connection with 4000), or without Redis from the gateway journal of
 * this node's last run (journal/); then caught up:
 *
 * - its replay buffer holds every event the old node recorded, up to `lastSequence`; the old
 *   node sent nothing it had not recorded;
 * - the claim says up to which bus event the old node had recorded everything for it (the
 *   markers). This node heard the same events in the same order and keeps them
 *   (EventHistory); once it has heard everything published before the claim (a bus barrier,
 *   so no marker is still on its way here), it runs every event after the newest marker
 *   through the same audience rules for this session alone, numbered after `lastSequence`;
 * - meanwhile live events for it are held, and flushed after the catch-up.
 *
 * So each event reaches the buffer once: recorded by the old node up to the marker, by this
 * node after it. Null when there is nothing to take over, or it can no longer be caught up
 * (this node does not remember back to the markers); the client then gets op 9.
 */
export async function takeOverSession(
  services: TakeoverServices,
  userId: string,
  sessionId: string,
): Promise<Session | null> {
  const { store, history, sessions, replay, options, presences, viewers, presenceTracker } = services;
  if (!store.durable || !history) return null;
  const claimed = await store.claim(sessionId, userId, options.resumeWindowMs);
  if (!claimed) return null;
  const session = new Session(claimed, replay, claimed.lastSequence);
  const heard = await services.heardEverything();
  const backlog = heard ? history.after(claimed.markers) : null;
  if (!backlog) {
    console.error(`gateway: session ${sessionId} from node ${claimed.previousOwner} cannot be caught up here; it ends`);
    replay.drop(sessionId);
    store.end(sessionId, userId);
    return null;
  }

  // The catch-up: the backlog through a dispatcher of its own that sees only this session.
  // Synchronous up to `adopt`, so every event is either in the backlog or accepted after it.
  const alone = new SessionRegistry(replay);
  alone.add(session);
  for (const guildId of claimed.guildIds) alone.joinGuild(session, guildId);
  const catchUp = new Dispatcher(alone, viewers, presences, {
    deliver: (s, event) => s.dispatchNow(event),
    interactions: services.replayedInteractions,
  });
  for (const event of backlog) catchUp.accept(event);
  sessions.adopt(session, options.resumeWindowMs);
  presenceTracker.adopt(session, PresenceUpdateStatus.Online);

  await catchUp.idle();
  if (sessions.get(sessionId) !== session) return null;
  session.release();
  markResumable(services, session);
  return session;
}
