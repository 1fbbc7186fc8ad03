import type { DomainContext } from "../context";
import { emit } from "../context";
import { ApiError, Errors } from "../errors";
import { serializeMember, serializeRole } from "../serializers";
import { Permission, has } from "../permissions";
import { guildAccess } from "./access";
import { memberInclude, roleInclude } from "./selects";
import type { GuildService } from "./guilds";

export class MemberService {
  constructor(
    private ctx: DomainContext,
    private guilds: GuildService,
  ) {}

  async get(guildId: bigint, userId: bigint) {
    const member = await this.ctx.db.member.findUnique({ where: { guildId_userId: { guildId, userId } }, include: memberInclude });
    if (!member) throw Errors.unknownMember();
    return member;
  }

  /** Adds a person to a guild (invite, admin CLI). Banned users cannot join. */
  async addPerson(guildId: bigint, userId: bigint) {
    const guild = await this.ctx.db.guild.findUnique({ where: { id: guildId }, select: { id: true } });
    if (!guild) throw Errors.unknownGuild();
    const user = await this.ctx.db.user.findUnique({ where: { id: userId }, select: { id: true } });
    if (!user) throw Errors.unknownUser();
    const ban = await this.ctx.db.ban.findUnique({ where: { guildId_userId: { guildId, userId } } });
    if (ban) throw new ApiError(403, 40007, "The user is banned from this guild.");
    const existing = await this.ctx.db.member.findUnique({ where: { guildId_userId: { guildId, userId } }, include: memberInclude });
    if (existing) return existing;
    const member = await this.ctx.db.member.create({ data: { guildId, userId }, include: memberInclude });
    await this.announceJoin(guildId, member);
    return member;
  }

  /**
   * Adds an application's bot with a managed role holding `permissions` (0 = no role).
   * Only someone with Manage Guild in the guild may do it.
   */
  async addBot(actorId: bigint, guildId: bigint, applicationId: bigint, permissions: bigint) {
    const access = await guildAccess(this.ctx, guildId, actorId);
    if (!has(access.permissions, Permission.ManageGuild)) throw Errors.missingPermissions();
    const app = await this.ctx.db.application.findUnique({ where: { id: applicationId }, include: { botUser: true } });
    if (!app) throw Errors.unknownApplication();
    if (!app.botPublic && app.ownerId !== actorId) throw Errors.unknownApplication();
    const ban = await this.ctx.db.ban.findUnique({ where: { guildId_userId: { guildId, userId: app.botUserId } } });
    if (ban) throw new ApiError(403, 40007, "The user is banned from this guild.");
    const existing = await this.ctx.db.member.findUnique({ where: { guildId_userId: { guildId, userId: app.botUserId } }, include: memberInclude });
    if (existing) return existing;
    const { member, role } = await this.ctx.db.$transaction(async (tx) => {
      let role = null;
      if (permissions !== 0n) {
        const top = await tx.role.aggregate({ where: { guildId }, _max: { position: true } });
        role = await tx.role.create({
          data: { guildId, name: app.name, permissions, position: (top._max.position ?? 0) + 1, botApplicationId: app.id },
          include: roleInclude,
        });
      }
      const member = await tx.member.create({
        data: { guildId, userId: app.botUserId, ...(role ? { roles: { create: { roleId: role.id } } } : {}) },
        include: memberInclude,
      });
      return { member, role };
    });
    if (role) await emit(this.ctx, { t: "GUILD_ROLE_CREATE", d: { guild_id: guildId.toString(), role: serializeRole(role, app.botUserId) }, guildId: guildId.toString() });
    await emit(this.ctx, { t: "GUILD_CREATE", d: await this.guilds.gatewayPayload(guildId, app.botUserId), userIds: [app.botUserId.toString()] });
    await this.announceJoin(guildId, member);
    return member;
  }

  private async announceJoin(guildId: bigint, member: Parameters<typeof serializeMember>[0]) {
    await emit(this.ctx, {
      t: "GUILD_MEMBER_ADD",
      d: { ...serializeMember(member, this.ctx.urls), guild_id: guildId.toString() },
      guildId: guildId.toString(),
    });
  }
}
