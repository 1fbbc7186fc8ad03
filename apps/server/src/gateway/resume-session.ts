import type { Connection } from "./connection";
import type { ReplayStore } from "./replay-store";
import type { Session } from "./session";

export interface ResumeRequest {
  /** Without the `Bot ` prefix. */
  token: string;
  sessionId: string;
  /** The last sequence number the client received. */
  seq: number;
}

/**
 * Resume on a new connection (state table: waiting for resume -> ready). Refused with op 9
 * `d: false` when the session is unknown or expired, the token is not its bot's, its Identify
 * never finished, or the events after `seq` are no longer all kept.
 */
export async function resumeSession(connection: Connection, request: ResumeRequest): Promise<void> {
  const { domain, sessions, replay } = connection.services;
  const bot = await domain.applications.authenticateBot(request.token);
  if (!connection.isOpen) return;
  const session = sessions.get(request.sessionId);
  if (!bot || !session || session.userId !== bot.user.id.toString() || !session.resumable) return connection.refuseResume();

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
