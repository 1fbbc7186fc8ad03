import type { DomainContext } from "../context";
import { emit } from "../context";
import { Errors } from "../errors";
import { DEFAULT_EVERYONE_PERMISSIONS, computeChannelPermissions, loadGuildSnapshot, loadMemberSnapshot } from "../permissions";
import { computeBasePermissions } from "../permissions";
import { serializeChannel, serializeGuild, serializeMember } from "../serializers";
import { parseForm, zGuildName } from "../validation";
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

  /** The caller's guilds, ordered by id, paged with `after`/`before` and `limit`. */
  async listForUser(userId: bigint, options: { limit?: number; after?: bigint; before?: bigint } = {}) {
    const memberships = await this.ctx.db.member.findMany({
      where: {
        userId,
        ...(options.after !== undefined ? { guildId: { gt: options.after } } : {}),
        ...(options.before !== undefined ? { guildId: { lt: options.before } } : {}),
      },
      orderBy: { guildId: options.before !== undefined ? "desc" : "asc" },
      take: options.limit ?? 200,
      include: { guild: true },
    });
    if (options.before !== undefined) memberships.reverse();
    const result = [];
    for (const m of memberships) {
      const [guild, member] = await Promise.all([loadGuildSnapshot(this.ctx.db, m.guildId), loadMemberSnapshot(this.ctx.db, m.guildId, userId)]);
      const permissions = guild && member ? computeBasePermissions(guild, member) : 0n;
      result.push({
        id: m.guild.id.toString(),
        name: m.guild.name,
        icon: m.guild.iconHash,
        banner: null,
        owner: m.guild.ownerId === userId,
        permissions: permissions.toString(),
        features: [],
      });
    }
    return result;
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
    const snapshot = {
      id: guild.id,
      ownerId: guild.ownerId,
      roles: new Map(guild.roles.map((r) => [r.id, { id: r.id, position: r.position, permissions: r.permissions }])),
    };
    const self = guild.members.find((m) => m.userId === userId);
    const memberSnapshot = self ? { userId, isBot: self.user.bot, roleIds: self.roles.map((r) => r.roleId) } : null;
    const overwritesOf = new Map(guild.channels.map((c) => [c.id, c.overwrites]));
    const visible = guild.channels.filter((c) => {
      if (!memberSnapshot) return false;
      const governing = c.type === 11 && c.parentId ? c.parentId : c.id;
      return computeChannelPermissions(snapshot, memberSnapshot, { id: governing, overwrites: overwritesOf.get(governing) ?? [] }) !== 0n;
    });
    const urls = this.ctx.urls;
    return {
      ...serializeGuild(guild, guild.roles, guild.emojis),
      joined_at: (self?.joinedAt ?? guild.createdAt).toISOString(),
      large: false,
      unavailable: false,
      member_count: guild.members.length,
      members: guild.members.map((m) => serializeMember(m, urls)),
      channels: visible.filter((c) => c.type !== 11).map((c) => serializeChannel(c, urls)),
      threads: visible.filter((c) => c.type === 11 && !c.archived).map((c) => serializeChannel(c, urls)),
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
