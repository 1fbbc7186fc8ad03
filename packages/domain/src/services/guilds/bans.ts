import type { APIBan } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { loadMemberSnapshot, Permission } from "../../permissions";
import { serializeUser, type UserRow } from "../../serializers";
import { parseForm, zBanCreate, zBanListQuery } from "../../validation";
import { removeGuildCommandsOf } from "../commands";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { userSelect } from "../shared/selects";
import { actorWith, announceRemoval, requireCanActOn } from "./moderation";

/**
 * A guild's bans (spec: Bans), all needing Ban Members. A ban record carries no reason
 * (rule 7). A ban has no event of its own: the member's removal is announced (emission rule 4).
 * A banned user cannot join again (MemberService refuses).
 */
export class BanService {
  constructor(private ctx: DomainContext) {}

  /** GET /guilds/{guild}/bans: ordered by user id; `limit` 1–1000 (default 1000), `before`, `after`. */
  async list(actorId: bigint, guildId: bigint, query: unknown): Promise<APIBan[]> {
    await actorWith(this.ctx, guildId, actorId, Permission.BanMembers);
    const q = parseForm(zBanListQuery, query ?? {});
    const userId = {
      ...(q.after !== undefined ? { gt: q.after } : {}),
      ...(q.before !== undefined ? { lt: q.before } : {}),
    };
    // With only `before`, the page is the bans just below it; it is still answered in id order.
    const newestFirst = q.before !== undefined && q.after === undefined;
    const bans = await this.ctx.db.ban.findMany({
      where: { guildId, ...(Object.keys(userId).length ? { userId } : {}) },
      orderBy: { userId: newestFirst ? "desc" : "asc" },
      take: q.limit,
      select: { userId: true },
    });
    const ids = bans.map((b) => b.userId).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const users = await this.ctx.db.user.findMany({ where: { id: { in: ids } }, select: userSelect });
    const byId = new Map(users.map((u) => [u.id, u]));
    return ids.flatMap((id) => {
      const user = byId.get(id);
      return user ? [this.toWire(user)] : [];
    });
  }

  /** GET /guilds/{guild}/bans/{user}: Unknown Ban when the user is not banned. */
  async get(actorId: bigint, guildId: bigint, userId: bigint): Promise<APIBan> {
    await actorWith(this.ctx, guildId, actorId, Permission.BanMembers);
    const ban = await this.ctx.db.ban.findUnique({ where: { guildId_userId: { guildId, userId } } });
    const user = ban ? await this.ctx.db.user.findUnique({ where: { id: userId }, select: userSelect }) : null;
    if (!user) throw Errors.unknownBan();
    return this.toWire(user);
  }

  /**
   * PUT /guilds/{guild}/bans/{user}: bans a member the actor may act on (rule 10), or a user
   * who is not a member but whom the actor can see (shares a guild with it, rule 9; anyone else
   * is Unknown User). The member is removed, their messages stay (`delete_message_seconds` is
   * ignored). Banning again changes nothing. Recorded in the audit log with the ban.
   */
  async ban(actorId: bigint, guildId: bigint, userId: bigint, input: unknown): Promise<void> {
    const access = await actorWith(this.ctx, guildId, actorId, Permission.BanMembers);
    parseForm(zBanCreate, input ?? {});
    const member = await loadMemberSnapshot(this.ctx.db, guildId, userId);
    if (member) requireCanActOn(access, member);
    else await this.requireVisibleUser(actorId, guildId, userId);
    const { user, removed } = await this.ctx.db.$transaction(async (tx) => {
      const created = await tx.ban.createMany({ data: [{ guildId, userId }], skipDuplicates: true });
      const removed = await tx.member.deleteMany({ where: { guildId, userId } });
      await removeGuildCommandsOf(tx, guildId, userId);
      if (created.count > 0)
        await recordAudit(tx, { guildId, userId: actorId, actionType: AuditLogEvent.MemberBanAdd, targetId: userId });
      return {
        user: await tx.user.findUniqueOrThrow({ where: { id: userId }, select: userSelect }),
        removed: removed.count > 0,
      };
    });
    if (removed) await announceRemoval(this.ctx, guildId, user);
  }

  /** DELETE /guilds/{guild}/bans/{user}: lifts the ban; Unknown Ban when there is none. */
  async unban(actorId: bigint, guildId: bigint, userId: bigint): Promise<void> {
    await actorWith(this.ctx, guildId, actorId, Permission.BanMembers);
    await this.ctx.db.$transaction(async (tx) => {
      const gone = await tx.ban.deleteMany({ where: { guildId, userId } });
      if (gone.count === 0) throw Errors.unknownBan();
      await recordAudit(tx, { guildId, userId: actorId, actionType: AuditLogEvent.MemberBanRemove, targetId: userId });
    });
  }

  /** A non-member may be banned if already banned here or sharing a guild with the actor. */
  private async requireVisibleUser(actorId: bigint, guildId: bigint, userId: bigint): Promise<void> {
    const [banned, shared] = await Promise.all([
      this.ctx.db.ban.findUnique({ where: { guildId_userId: { guildId, userId } }, select: { userId: true } }),
      this.ctx.db.member.findFirst({
        where: { userId, guild: { members: { some: { userId: actorId } } } },
        select: { guildId: true },
      }),
    ]);
    if (!banned && !shared) throw Errors.unknownUser();
  }

  private toWire(user: UserRow): APIBan {
    return { reason: null, user: serializeUser(user, this.ctx.urls) };
  }
}
