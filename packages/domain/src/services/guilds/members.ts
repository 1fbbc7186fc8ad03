import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { ApiError, Errors } from "../../errors";
import { has, highestRole, Permission } from "../../permissions";
import type { RoleRow } from "../../serializers";
import { serializeMember, serializeRole } from "../../serializers";
import { parseForm, zMemberListQuery, zMemberSearchQuery } from "../../validation";
import { mayAddBot } from "../applications/applications";
import { removeGuildCommandsOf } from "../commands";
import { readGuildUpToNow } from "../messages/read-positions";
import { guildAccess } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { onlyValue, onlyValueSql } from "../shared/index-order";
import { isUniqueViolation } from "../shared/prisma-errors";
import { applicationWithId, memberInclude, roleInclude, userSelect } from "../shared/selects";
import type { GuildService } from "./guilds";
import { type GatewayMemberSelection, requestedMemberIds, serializedMembers } from "./member-requests";
import { actorWith, announceRemoval, requireCanActOn, targetMember } from "./moderation";

export class MemberService {
  constructor(
    private ctx: DomainContext,
    private guilds: GuildService,
  ) {}

  async get(guildId: bigint, userId: bigint) {
    const member = await this.ctx.db.member.findUnique({
      where: { guildId_userId: { guildId, userId } },
      include: memberInclude,
    });
    if (!member) throw Errors.unknownMember();
    return member;
  }

  /** GET /guilds/{guild}/members: members ordered by user id, `after` a user id, `limit` 1–1000 (default 1). */
  async list(guildId: bigint, viewerId: bigint, query: unknown) {
    await guildAccess(this.ctx, guildId, viewerId);
    const q = parseForm(zMemberListQuery, query ?? {});
    // The page's members first, read on (guild, user) only: the guild as a range, the cursor as
    // a row, so the index on the user alone can serve neither (shared/index-order.ts).
    const page = await this.ctx.db.$queryRaw<{ userId: bigint }[]>`
      SELECT "userId" FROM "Member"
      WHERE ${onlyValueSql('"guildId"', guildId)} AND ("guildId", "userId") > (${guildId}, ${q.after ?? -1n})
      ORDER BY "guildId", "userId" LIMIT ${q.limit}`;
    const rows = await this.ctx.db.member.findMany({
      where: { guildId, userId: { in: page.map((m) => m.userId) } },
      include: memberInclude,
    });
    return rows.sort((a, b) => (a.userId < b.userId ? -1 : 1)).map((m) => serializeMember(m, this.ctx.urls));
  }

  /**
   * GET /guilds/{guild}/members/search: members whose username, display name or nickname
   * starts with `query` (any case), ordered by user id, `limit` 1–1000 (default 1).
   */
  async search(guildId: bigint, viewerId: bigint, query: unknown) {
    await guildAccess(this.ctx, guildId, viewerId);
    const q = parseForm(zMemberSearchQuery, query ?? {});
    // LIKE wildcards in the query are plain characters.
    const prefix = { startsWith: q.query.replace(/[\\%_]/g, (c) => `\\${c}`), mode: "insensitive" as const };
    const rows = await this.ctx.db.member.findMany({
      where: {
        guildId: onlyValue(guildId),
        OR: [{ nick: prefix }, { user: { username: prefix } }, { user: { globalName: prefix } }],
      },
      orderBy: [{ guildId: "asc" }, { userId: "asc" }],
      take: q.limit,
      include: memberInclude,
    });
    return rows.map((m) => serializeMember(m, this.ctx.urls));
  }

  /**
   * A bot session's Request Guild Members (gateway op 8), for a guild the session receives: the
   * ids matching the request in id order (and the requested ids that are no member).
   */
  gatewayRequestIds(guildId: bigint, select: GatewayMemberSelection) {
    return requestedMemberIds(this.ctx, guildId, select);
  }

  /** One chunk of a Request Guild Members answer: these members, serialized, in user id order. */
  gatewayRequestMembers(guildId: bigint, userIds: bigint[]) {
    return serializedMembers(this.ctx, guildId, userIds);
  }

  /** GET /guilds/{guild}/members/{user}: one member as a member of the guild sees it. */
  async getForViewer(guildId: bigint, viewerId: bigint, userId: bigint) {
    await guildAccess(this.ctx, guildId, viewerId);
    return serializeMember(await this.get(guildId, userId), this.ctx.urls);
  }

  /**
   * DELETE /guilds/{guild}/members/{user}: Kick Members, never the owner nor anyone ranked as
   * high as the actor (rule 10). Recorded in the audit log with the removal; the member's
   * messages stay. Emits GUILD_DELETE to the kicked user and GUILD_MEMBER_REMOVE to the guild.
   */
  async kick(actorId: bigint, guildId: bigint, userId: bigint): Promise<void> {
    const access = await actorWith(this.ctx, guildId, actorId, Permission.KickMembers);
    requireCanActOn(access, await targetMember(this.ctx, guildId, userId));
    const user = await this.ctx.db.$transaction(async (tx) => {
      const removed = await tx.member.deleteMany({ where: { guildId, userId } });
      if (removed.count === 0) throw Errors.unknownMember();
      await removeGuildCommandsOf(tx, guildId, userId);
      await recordAudit(tx, { guildId, userId: actorId, actionType: AuditLogEvent.MemberKick, targetId: userId });
      return tx.user.findUniqueOrThrow({ where: { id: userId }, select: userSelect });
    });
    await announceRemoval(this.ctx, guildId, user);
  }

  /** Adds a person to a guild (invite, admin CLI), everything written there before read. Banned users cannot join. */
  async addPerson(guildId: bigint, userId: bigint) {
    const guild = await this.ctx.db.guild.findUnique({ where: { id: guildId }, select: { id: true } });
    if (!guild) throw Errors.unknownGuild();
    const user = await this.ctx.db.user.findUnique({ where: { id: userId }, select: { id: true, bot: true } });
    if (!user) throw Errors.unknownUser();
    const ban = await this.ctx.db.ban.findUnique({ where: { guildId_userId: { guildId, userId } } });
    if (ban) throw new ApiError(403, 40007, "The user is banned from this guild.");
    const find = () =>
      this.ctx.db.member.findUnique({ where: { guildId_userId: { guildId, userId } }, include: memberInclude });
    const existing = await find();
    if (existing) return existing;
    let member: NonNullable<Awaited<ReturnType<typeof find>>>;
    try {
      member = await this.ctx.db.$transaction(async (tx) => {
        const created = await tx.member.create({ data: { guildId, userId }, include: memberInclude });
        if (!user.bot) await readGuildUpToNow(tx, userId, guildId);
        return created;
      });
    } catch (error) {
      const raced = isUniqueViolation(error) ? await find() : null;
      if (raced) return raced;
      throw error;
    }
    await this.announceJoin(guildId, userId, member);
    return member;
  }

  /**
   * Adds an application's bot with a managed role holding `permissions` (0 = no role).
   * Only someone with Manage Guild may do it, granting no permission they lack themselves;
   * the bot's role goes just below the actor's highest role (the owner's: at the top).
   */
  async addBot(actorId: bigint, guildId: bigint, applicationId: bigint, permissions: bigint) {
    const access = await guildAccess(this.ctx, guildId, actorId);
    if (!has(access.permissions, Permission.ManageGuild) || !has(access.permissions, permissions))
      throw Errors.missingPermissions();
    const isOwner = access.guild.ownerId === actorId;
    const app = await this.ctx.db.application.findFirst({
      where: applicationWithId(applicationId),
      include: { botUser: true },
    });
    if (!app) throw Errors.unknownApplication();
    if (!mayAddBot(app, actorId)) throw Errors.privateBot();
    const ban = await this.ctx.db.ban.findUnique({ where: { guildId_userId: { guildId, userId: app.botUserId } } });
    if (ban) throw new ApiError(403, 40007, "The user is banned from this guild.");
    const existingMember = () =>
      this.ctx.db.member.findUnique({
        where: { guildId_userId: { guildId, userId: app.botUserId } },
        include: memberInclude,
      });
    const existing = await existingMember();
    if (existing) return existing;
    let created: {
      member: Awaited<ReturnType<typeof existingMember>> & {};
      role: (RoleRow & { botApplication: { botUserId: bigint } | null }) | null;
    };
    try {
      created = await this.ctx.db.$transaction(async (tx) => {
        let role = null;
        if (permissions !== 0n) {
          let position: number;
          if (isOwner) {
            const top = await tx.role.aggregate({ where: { guildId }, _max: { position: true } });
            position = (top._max.position ?? 0) + 1;
          } else {
            position = Math.max(1, highestRole(access.guild, access.member).position);
            await tx.role.updateMany({
              where: { guildId, position: { gte: position }, id: { not: guildId } },
              data: { position: { increment: 1 } },
            });
          }
          role = await tx.role.create({
            data: { guildId, name: app.name, permissions, position, botApplicationId: app.id },
            include: roleInclude,
          });
        }
        const member = await tx.member.create({
          data: { guildId, userId: app.botUserId, ...(role ? { roles: { create: { roleId: role.id } } } : {}) },
          include: memberInclude,
        });
        return { member, role };
      });
    } catch (error) {
      // Added twice at once: the other request made the member.
      const raced = isUniqueViolation(error) ? await existingMember() : null;
      if (raced) return raced;
      throw error;
    }
    const { member, role } = created;
    if (role)
      await emit(this.ctx, {
        t: GatewayDispatchEvents.GuildRoleCreate,
        d: { guild_id: guildId.toString(), role: serializeRole(role, app.botUserId) },
        guildId: guildId.toString(),
      });
    await this.announceJoin(guildId, app.botUserId, member);
    return member;
  }

  /**
   * The newcomer's sessions and browser tabs get GUILD_CREATE (and from then on the guild's
   * events), then the guild gets GUILD_MEMBER_ADD.
   */
  private async announceJoin(guildId: bigint, userId: bigint, member: Parameters<typeof serializeMember>[0]) {
    await emit(this.ctx, {
      t: GatewayDispatchEvents.GuildCreate,
      d: await this.guilds.gatewayPayload(guildId, userId),
      userIds: [userId.toString()],
    });
    await emit(this.ctx, {
      t: GatewayDispatchEvents.GuildMemberAdd,
      d: { ...serializeMember(member, this.ctx.urls), guild_id: guildId.toString() },
      guildId: guildId.toString(),
    });
  }
}
