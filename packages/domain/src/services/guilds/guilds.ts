import type { RESTAPIPartialCurrentUserGuild } from "discord-api-types/v10";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import {
  computeBasePermissions,
  DEFAULT_EVERYONE_PERMISSIONS,
  guildSnapshotFromRows,
  listableGuildChannels,
  Permission,
  visibleThreads,
} from "../../permissions";
import { serializeChannel, serializeGuild, serializeMember, serializeUser } from "../../serializers";
import { GUILD_LIST_MAX, parseForm, zGuildName, zVanityCode } from "../../validation";
import { removeGuildCommandsOf } from "../commands";
import { PictureService } from "../pictures/pictures";
import { ScheduledEventService } from "../scheduled-events/scheduled-events";
import { guildAccess, requirePermission } from "../shared/access";
import { isUniqueViolation } from "../shared/prisma-errors";
import { channelInclude, guildEmojisInclude, memberInclude, roleInclude } from "../shared/selects";
import { VoiceService } from "../voice/voice";
import { disconnectVoice } from "../voice/voice-enforcement";

export class GuildService {
  constructor(
    private ctx: DomainContext,
    private pictures: PictureService = new PictureService(ctx),
  ) {}

  /** A new guild: @everyone (id = guild id), the owner as member, `general` text and `General` voice. */
  async create(ownerId: bigint, nameInput: unknown) {
    const name = parseForm(zGuildName, nameInput);
    const guildId = await this.ctx.db.$transaction(async (tx) => {
      const guild = await tx.guild.create({ data: { name, ownerId } });
      await tx.role.create({
        data: {
          id: guild.id,
          guildId: guild.id,
          name: "@everyone",
          permissions: DEFAULT_EVERYONE_PERMISSIONS,
          position: 0,
        },
      });
      await tx.member.create({ data: { guildId: guild.id, userId: ownerId } });
      const general = await tx.channel.create({ data: { guildId: guild.id, type: 0, name: "general", position: 0 } });
      await tx.channel.create({
        data: { guildId: guild.id, type: 2, name: "General", position: 1, bitrate: 64000, userLimit: 0 },
      });
      await tx.guild.update({ where: { id: guild.id }, data: { systemChannelId: general.id } });
      return guild.id;
    });
    await emit(this.ctx, {
      t: GatewayDispatchEvents.GuildCreate,
      d: await this.gatewayPayload(guildId, ownerId),
      userIds: [ownerId.toString()],
    });
    return this.ctx.db.guild.findUniqueOrThrow({
      where: { id: guildId },
      include: { channels: { orderBy: { position: "asc" } } },
    });
  }

  /** The guild object for a member; anyone else gets Unknown Guild. */
  async getForMember(guildId: bigint, userId: bigint, options: { withCounts?: boolean } = {}) {
    await guildAccess(this.ctx, guildId, userId);
    const guild = await this.ctx.db.guild.findUniqueOrThrow({
      where: { id: guildId },
      include: { roles: { include: roleInclude, orderBy: { position: "asc" } }, emojis: guildEmojisInclude },
    });
    const wire = serializeGuild(guild, guild.roles, guild.emojis);
    if (options.withCounts) {
      const members = await this.ctx.db.member.count({ where: { guildId } });
      return { ...wire, approximate_member_count: members, approximate_presence_count: 0 };
    }
    return wire;
  }

  /**
   * The caller's guilds (GET /users/@me/guilds), ordered by id, paged with `after`/`before`
   * and `limit` (at most 200), each with the caller's guild-wide permissions.
   */
  async listForUser(userId: bigint, options: { limit?: number; after?: bigint; before?: bigint } = {}) {
    const limit = Math.min(Math.max(options.limit ?? GUILD_LIST_MAX, 1), GUILD_LIST_MAX);
    const guildId = {
      ...(options.after !== undefined ? { gt: options.after } : {}),
      ...(options.before !== undefined ? { lt: options.before } : {}),
    };
    const memberships = await this.ctx.db.member.findMany({
      where: { userId, ...(Object.keys(guildId).length ? { guildId } : {}) },
      // With only `before`, the page is the newest guilds below it; it is still answered in id order.
      orderBy: { guildId: options.before !== undefined && options.after === undefined ? "desc" : "asc" },
      take: limit,
      select: {
        roles: { select: { roleId: true } },
        user: { select: { bot: true } },
        guild: {
          select: {
            id: true,
            name: true,
            iconHash: true,
            ownerId: true,
            roles: { select: { id: true, position: true, permissions: true } },
          },
        },
      },
    });
    memberships.sort((a, b) => (a.guild.id < b.guild.id ? -1 : 1));
    return memberships.map(({ guild, roles, user }) => {
      const snapshot = guildSnapshotFromRows(guild);
      const permissions = computeBasePermissions(snapshot, {
        userId,
        isBot: user.bot,
        roleIds: roles.map((r) => r.roleId),
      });
      return {
        id: guild.id.toString(),
        name: guild.name,
        icon: guild.iconHash,
        banner: null,
        owner: guild.ownerId === userId,
        permissions: permissions.toString(),
        features: [],
      } satisfies RESTAPIPartialCurrentUserGuild;
    });
  }

  /** GUILD_CREATE as one user sees it: only the channels it can view, every member. */
  async gatewayPayload(guildId: bigint, userId: bigint) {
    const guild = await this.ctx.db.guild.findUnique({
      where: { id: guildId },
      include: {
        roles: { include: roleInclude, orderBy: { position: "asc" } },
        emojis: guildEmojisInclude,
        channels: { include: channelInclude, orderBy: [{ position: "asc" }, { id: "asc" }] },
        members: { include: memberInclude, orderBy: { userId: "asc" } },
      },
    });
    if (!guild) throw Errors.unknownGuild();
    const snapshot = guildSnapshotFromRows(guild);
    const self = guild.members.find((m) => m.userId === userId);
    const memberSnapshot = self ? { userId, isBot: self.user.bot, roleIds: self.roles.map((r) => r.roleId) } : null;
    const channels = memberSnapshot ? listableGuildChannels(snapshot, memberSnapshot, guild.channels) : [];
    const threads = memberSnapshot
      ? visibleThreads(snapshot, memberSnapshot, guild.channels).filter((c) => !c.archived)
      : [];
    const urls = this.ctx.urls;
    return {
      ...serializeGuild(guild, guild.roles, guild.emojis),
      joined_at: (self?.joinedAt ?? guild.createdAt).toISOString(),
      large: false,
      unavailable: false,
      member_count: guild.members.length,
      members: guild.members.map((m) => serializeMember(m, urls)),
      channels: channels.map((c) => serializeChannel(c, urls)),
      threads: threads.map((c) => serializeChannel(c, urls)),
      voice_states: await new VoiceService(this.ctx).guildStates(guildId, userId),
      presences: [],
      stage_instances: [],
      // Only what this member can see; sessions without Guild Scheduled Events get none (gateway).
      guild_scheduled_events: await new ScheduledEventService(this.ctx).visibleTo(guildId, userId),
      soundboard_sounds: [],
    };
  }

  async guildIdsOf(userId: bigint): Promise<bigint[]> {
    const rows = await this.ctx.db.member.findMany({
      where: { userId },
      select: { guildId: true },
      orderBy: { guildId: "asc" },
    });
    return rows.map((r) => r.guildId);
  }

  /**
   * DELETE /users/@me/guilds/{guild}: the caller leaves the guild; a bot's managed role goes
   * with it (as on the reference platform). The owner cannot leave. The leaver gets
   * GUILD_DELETE (and its sessions stop receiving the guild); the others GUILD_ROLE_DELETE
   * and GUILD_MEMBER_REMOVE.
   */
  async leave(userId: bigint, guildId: bigint): Promise<void> {
    const member = await this.ctx.db.member.findUnique({
      where: { guildId_userId: { guildId, userId } },
      include: memberInclude,
    });
    if (!member) throw Errors.unknownGuild();
    const guild = await this.ctx.db.guild.findUniqueOrThrow({ where: { id: guildId }, select: { ownerId: true } });
    if (guild.ownerId === userId) throw Errors.refused("The guild's owner cannot leave it.");
    await disconnectVoice(this.ctx, { guildId, userIds: [userId] });
    const roleIds = await this.ctx.db.$transaction(async (tx) => {
      const roles = await tx.role.findMany({
        where: { guildId, botApplication: { botUserId: userId } },
        select: { id: true },
      });
      const removed = await tx.member.deleteMany({ where: { guildId, userId } });
      if (removed.count !== 1) return null;
      await tx.role.deleteMany({ where: { id: { in: roles.map((r) => r.id) } } });
      await tx.threadMember.deleteMany({ where: { userId, thread: { guildId } } });
      await tx.voiceState.deleteMany({ where: { guildId, userId } });
      await removeGuildCommandsOf(tx, guildId, userId);
      return roles.map((r) => r.id);
    });
    // Left twice at once: the other request announced it.
    if (roleIds === null) return;
    const guildKey = guildId.toString();
    // Addressed to the leaver while its sessions still receive the guild; they stop after it.
    await emit(this.ctx, {
      t: GatewayDispatchEvents.GuildDelete,
      d: { id: guildKey },
      guildDeleted: false,
      userIds: [userId.toString()],
    });
    for (const roleId of roleIds) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.GuildRoleDelete,
        d: { guild_id: guildKey, role_id: roleId.toString() },
        guildId: guildKey,
      });
    }
    await emit(this.ctx, {
      t: GatewayDispatchEvents.GuildMemberRemove,
      d: { guild_id: guildKey, user: serializeUser(member.user, this.ctx.urls) },
      guildId: guildKey,
    });
  }

  /**
   * The guild's vanity code (the app's guild settings): only the owner sets or removes
   * (null) it. A code already used by another guild or by an invite is refused.
   */
  async setVanityCode(actorId: bigint, guildId: bigint, codeInput: unknown) {
    const access = await guildAccess(this.ctx, guildId, actorId);
    if (access.guild.ownerId !== actorId) throw Errors.missingPermissions();
    const code = parseForm(zVanityCode, codeInput);
    const taken = () =>
      Errors.invalidForm({
        code: {
          _errors: [{ code: "INVITE_CODE_INVALID_OR_TAKEN", message: "Invite code is either invalid or taken." }],
        },
      });
    if (code !== null) {
      const invite = await this.ctx.db.invite.findFirst({
        where: { code: { equals: code, mode: "insensitive" } },
        select: { code: true },
      });
      if (invite) throw taken();
    }
    try {
      await this.ctx.db.guild.update({ where: { id: guildId }, data: { vanityCode: code, vanityUses: 0 } });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    await this.announceUpdate(guildId);
    return { code, uses: 0 };
  }

  /** The guild's icon from image data, or none with null (the app's guild settings); needs Manage Guild. */
  async setIcon(actorId: bigint, guildId: bigint, image: unknown): Promise<string | null> {
    const access = await guildAccess(this.ctx, guildId, actorId);
    requirePermission(access.permissions, Permission.ManageGuild);
    const picture = image === null ? null : this.pictures.decode(image, "icon");
    const hash = picture ? await this.pictures.replace({ kind: "guild-icon", id: guildId }, picture) : null;
    if (hash === null) await this.pictures.removeAll({ kind: "guild-icon", id: guildId });
    await this.ctx.db.guild.update({ where: { id: guildId }, data: { iconHash: hash } });
    await this.announceUpdate(guildId);
    return hash;
  }

  /** GUILD_UPDATE with the guild object, to its members. */
  private async announceUpdate(guildId: bigint) {
    const guild = await this.ctx.db.guild.findUniqueOrThrow({
      where: { id: guildId },
      include: { roles: { include: roleInclude, orderBy: { position: "asc" } }, emojis: guildEmojisInclude },
    });
    await emit(this.ctx, {
      t: GatewayDispatchEvents.GuildUpdate,
      d: serializeGuild(guild, guild.roles, guild.emojis),
      guildId: guildId.toString(),
    });
  }
}
