import type { Connection } from "../connection/connection";
import type { ResumeServices } from "../services";
import type { ReplayStore } from "./replay-store";
import type { Session } from "./session";
import { takeOverSession } from "./takeover";

export interface ResumeRequest {
  /** Without the `Bot ` prefix. */
  token: string;
  sessionId: string;
  /** The last sequence number the client received. */
  seq: number;
}

/** How long a Resume waits for the Identify of its session to finish. */
const IDENTIFY_FINISH_WAIT_MS = 5_000;

/**
 * Resume on a new connection (state table: waiting for resume -> ready). Refused with op 9
 * `d: false` when the session is unknown or expired, the token is not its bot's, its Identify
 * did not finish (waited for a little while), or the events after `seq` are no longer all
 * kept. A session this node does not hold, of another node (alive or dead, with Redis) or of
 * this node's last run (the gateway journal), is taken over first (takeover.ts).
 */
export async function resumeSession(
  services: ResumeServices,
  connection: Connection,
  request: ResumeRequest,
): Promise<void> {
  const { identifyReads, sessions, replay, store } = services;
  const bot = await identifyReads.bot(request.token);
  if (!connection.isOpen) return;
  if (!bot) return connection.refuseResume();
  const userId = bot.user.id.toString();
  let session = sessions.get(request.sessionId) ?? null;
  if (!session && store.durable) session = await takeOverSession(services, userId, request.sessionId);
  // Dropped while READY and the GUILD_CREATEs were still going out: resumable once they are.
  if (session?.userId === userId && !session.resumable) await session.whenResumable(IDENTIFY_FINISH_WAIT_MS);
  if (!connection.isOpen) return;
  if (!session || session.userId !== userId || !session.resumable) return connection.refuseResume();

  const missed = await missedFrames(replay, session, request.seq);
  if (!connection.isOpen) return;
  if (!missed || sessions.get(session.id) !== session) return connection.refuseResume();
  connection.resume(session, missed);
}

/**
 * Every frame after `seq` up to the session's latest. The store may answer asynchronously
 * while events keep arriving, so it is asked again until it has caught up; the caller then
 * takes the session over synchronously.
 */
async function missedFrames(replay: ReplayStore, session: Session, seq: number): Promise<string[] | null> {
  if (seq > session.lastSequence) return null;
  const frames: string[] = [];
  let cursor = seq;
  while (cursor < session.lastSequence) {
    const more = await replay.since(session.id, cursor);
    if (!more || more.length === 0) return null;
    frames.push(...more);
    cursor += more.length;
  }
  return frames;
}
