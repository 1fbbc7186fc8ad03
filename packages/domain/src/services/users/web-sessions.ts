import { randomBytes } from "node:crypto";
import type { Prisma } from "@chat/db";
import { WEB_SESSIONS_END, type WebSessionsEndEvent } from "@chat/events";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { userSelect } from "../shared/selects";

type Tx = Prisma.TransactionClient;

/** How long a sign-in lasts (the session cookie's lifetime too). */
export const WEB_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** `lastUsedAt` is written at most this often per session, so checking a session stays a read. */
const LAST_USED_PRECISION_MS = 5 * 60 * 1000;

/** A live web session and the person it belongs to. */
export interface LiveWebSession {
  id: string;
  userId: bigint;
  expiresAt: Date;
  user: Prisma.UserGetPayload<{ select: typeof userSelect }>;
}

/**
 * The web app's sign-ins, kept on the server so they can end: a session is live while it is
 * not ended, not expired and its account is not suspended (deleted accounts are suspended too).
 * Whoever ends sessions announces it on the bus (WEB_SESSIONS_END) so every process closes the
 * live streams opened with them.
 */
export class WebSessionService {
  constructor(private ctx: DomainContext) {}

  /** A new session for a person who just signed in. */
  async start(userId: bigint): Promise<{ id: string; expiresAt: Date }> {
    const now = this.ctx.clock.now();
    const expiresAt = new Date(now.getTime() + WEB_SESSION_LIFETIME_MS);
    const id = randomBytes(32).toString("base64url");
    await this.ctx.db.webSession.create({ data: { id, userId, createdAt: now, lastUsedAt: now, expiresAt } });
    return { id, expiresAt };
  }

  /**
   * The session and its person while it is live, otherwise null. One lookup by primary key
   * (the account comes along by join); `userId` must match the cookie's.
   */
  async live(sessionId: string, userId: bigint): Promise<LiveWebSession | null> {
    const row = await this.ctx.db.webSession.findUnique({
      where: { id: sessionId },
      select: {
        id: true,
        userId: true,
        expiresAt: true,
        endedAt: true,
        lastUsedAt: true,
        user: { select: { ...userSelect, suspendedAt: true } },
      },
    });
    const now = this.ctx.clock.now();
    if (!row || row.userId !== userId || row.endedAt || row.expiresAt <= now || row.user.suspendedAt) return null;
    if (now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
      await this.ctx.db.webSession.updateMany({ where: { id: row.id, endedAt: null }, data: { lastUsedAt: now } });
    }
    const { suspendedAt: _, ...user } = row.user;
    return { id: row.id, userId: row.userId, expiresAt: row.expiresAt, user };
  }

  /** Sign-out: this one session ends. */
  async end(sessionId: string): Promise<void> {
    const ended = await this.ctx.db.webSession.updateManyAndReturn({
      where: { id: sessionId, endedAt: null },
      data: { endedAt: this.ctx.clock.now() },
      select: { id: true, userId: true },
    });
    const [row] = ended;
    if (row) await this.announceEnded(row.userId, [row.id]);
  }

  /** Log out everywhere (and suspension): every session of the person ends, but `except`. Answers how many ended. */
  async endAll(userId: bigint, options: { except?: string } = {}): Promise<number> {
    const ids = await this.endAllWithin(this.ctx.db, userId, options);
    await this.announceEnded(userId, ids);
    return ids.length;
  }

  /**
   * Ends the person's sessions (but `except`) inside a transaction that changes the account as
   * well; returns their ids for {@link announceEnded} once it commits.
   */
  async endAllWithin(tx: Tx, userId: bigint, options: { except?: string } = {}): Promise<string[]> {
    const ended = await tx.webSession.updateManyAndReturn({
      where: { userId, endedAt: null, ...(options.except ? { id: { not: options.except } } : {}) },
      data: { endedAt: this.ctx.clock.now() },
      select: { id: true },
    });
    return ended.map((row) => row.id);
  }

  /** Tells every process (web app nodes) that these sessions ended, so their live streams close. */
  async announceEnded(userId: bigint, sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const event: WebSessionsEndEvent = {
      t: WEB_SESSIONS_END,
      d: { sessionIds },
      userIds: [userId.toString()],
      internal: true,
    };
    await emit(this.ctx, event);
  }

  /** Housekeeping: ended and expired sessions are deleted (a cookie naming no row is refused all the same). */
  async removeStale(): Promise<number> {
    const removed = await this.ctx.db.webSession.deleteMany({
      where: { OR: [{ endedAt: { not: null } }, { expiresAt: { lte: this.ctx.clock.now() } }] },
    });
    return removed.count;
  }
}
