import type { RESTAPIPartialCurrentUserGuild } from "discord-api-types/v10";
import type { DomainContext } from "../context";
import { emit } from "../context";
import { Errors } from "../errors";
import { computeBasePermissions, DEFAULT_EVERYONE_PERMISSIONS, guildSnapshotFromRows, listableGuildChannels, visibleThreads } from "../permissions";
import { serializeChannel, serializeGuild, serializeMember } from "../serializers";
import { GUILD_LIST_MAX, parseForm, zGuildName } from "../validation";
import { guildAccess } from "./access";
import { channelInclude, memberInclude, roleInclude } from "./selects";

export class GuildService {
  constructor(private ctx: DomainContext) {}

  /** A new guild: @everyone (id = guild id), the owner as member, `general` text and `General` voice. */
  async create(ownerId: bigint, nameInput: unknown) {
    const name = parseForm(zGuildName, nameInput);
    const guildId = await this.ctx.db.$transaction(async (tx) => {
      const guild = await tx.guild.create({ data: { name, ownerId } });
      await tx.role.create({ data: { id: guild.id, guildId: guild.id, name: "@everyone", permissions: DEFAULT_EVERYONE_PERMISSIONS, position: 0 } });
      await tx.member.create({ data: { guildId: guild.id, userId: ownerId } });
      const general = await tx.channel.create({ data: { guildId: guild.id, type: 0, name: "general", position: 0 } });
      await tx.channel.create({ data: { guildId: guild.id, type: 2, name: "General", position: 1, bitrate: 64000, userLimit: 0 } });
      await tx.guild.update({ where: { id: guild.id }, data: { systemChannelId: general.id } });
      return guild.id;
    });
    await emit(this.ctx, { t: "GUILD_CREATE", d: await this.gatewayPayload(guildId, ownerId), userIds: [ownerId.toString()] });
    return this.ctx.db.guild.findUniqueOrThrow({ where: { id: guildId }, include: { channels: { orderBy: { position: "asc" } } } });
  }

  /** The guild object for a member; anyone else gets Unknown Guild. */
  async getForMember(guildId: bigint, userId: bigint, options: { withCounts?: boolean } = {}) {
    await guildAccess(this.ctx, guildId, userId);
    const guild = await this.ctx.db.guild.findUniqueOrThrow({
      where: { id: guildId },
      include: { roles: { include: roleInclude, orderBy: { position: "asc" } }, emojis: true },
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
        guild: { select: { id: true, name: true, iconHash: true, ownerId: true, roles: { select: { id: true, position: true, permissions: true } } } },
      },
    });
    memberships.sort((a, b) => (a.guild.id < b.guild.id ? -1 : 1));
    return memberships.map(({ guild, roles, user }) => {
      const snapshot = guildSnapshotFromRows(guild);
      const permissions = computeBasePermissions(snapshot, { userId, isBot: user.bot, roleIds: roles.map((r) => r.roleId) });
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
        emojis: true,
        channels: { include: channelInclude, orderBy: [{ position: "asc" }, { id: "asc" }] },
        members: { include: memberInclude, orderBy: { userId: "asc" } },
      },
    });
    if (!guild) throw Errors.unknownGuild();
    const snapshot = guildSnapshotFromRows(guild);
    const self = guild.members.find((m) => m.userId === userId);
    const memberSnapshot = self ? { userId, isBot: self.user.bot, roleIds: self.roles.map((r) => r.roleId) } : null;
    const channels = memberSnapshot ? listableGuildChannels(snapshot, memberSnapshot, guild.channels) : [];
    const threads = memberSnapshot ? visibleThreads(snapshot, memberSnapshot, guild.channels).filter((c) => !c.archived) : [];
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
      voice_states: [],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  async guildIdsOf(userId: bigint): Promise<bigint[]> {
    const rows = await this.ctx.db.member.findMany({ where: { userId }, select: { guildId: true }, orderBy: { guildId: "asc" } });
    return rows.map((r) => r.guildId);
  }
}
