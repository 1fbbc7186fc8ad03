import type { APIChannel } from "discord-api-types/v10";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { viewersOfChannel } from "../../audience";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import {
  type GuildSnapshot,
  isThreadType,
  listableGuildChannels,
  type MemberSnapshot,
  Permission,
} from "../../permissions";
import { serializeChannel } from "../../serializers";
import {
  type ChannelEditInput,
  normaliseTextChannelName,
  parseForm,
  zChannelCreate,
  zChannelEdit,
} from "../../validation";
import { type ChannelAccess, channelAccess, guildAccess, requirePermission } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { channelInclude } from "../shared/selects";
import { disconnectVoice } from "../voice/voice-enforcement";
import { resolveOverwriteSet, type StoredOverwrite, sameOverwriteSet } from "./channel-overwrites";
import { captureChannelVisibility } from "./channel-visibility";
import type { ThreadService } from "./threads";

const TEXT = 0;
const VOICE = 2;
const CATEGORY = 4;

type GuildChannelAccess = ChannelAccess & { guild: GuildSnapshot; member: MemberSnapshot };

export class ChannelService {
  constructor(
    private ctx: DomainContext,
    private threads: ThreadService,
  ) {}

  /** GET /channels/{id}: any channel the caller can see; anything else is Unknown Channel (rule 9). */
  async get(channelId: bigint, userId: bigint): Promise<APIChannel> {
    const { channel } = await channelAccess(this.ctx, channelId, userId);
    const withRecipients =
      channel.type === 1
        ? await this.ctx.db.channel.findUniqueOrThrow({
            where: { id: channelId },
            include: { ...channelInclude, recipients: { include: { user: true } } },
          })
        : channel;
    return serializeChannel(withRecipients, this.ctx.urls, userId);
  }

  /** GET /guilds/{id}/channels: the guild's channels the caller can see, with their categories. */
  async listForGuild(guildId: bigint, userId: bigint): Promise<APIChannel[]> {
    const access = await guildAccess(this.ctx, guildId, userId);
    const channels = await this.ctx.db.channel.findMany({
      where: { guildId, type: { notIn: [10, 11, 12] } },
      include: channelInclude,
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    return listableGuildChannels(access.guild, access.member, channels).map((c) => serializeChannel(c, this.ctx.urls));
  }

  /**
   * POST /guilds/{guild}/channels (Manage Channels): a text or voice channel, placed last.
   * Text channel names are lower-cased with spaces as dashes; overwrites follow the PUT
   * permissions rules against the caller's guild permissions.
   */
  async create(guildId: bigint, userId: bigint, body: unknown): Promise<APIChannel> {
    const access = await guildAccess(this.ctx, guildId, userId);
    requirePermission(access.permissions, Permission.ManageChannels);
    const input = parseForm(zChannelCreate, body ?? {});
    const name = this.channelName(input.type, input.name);
    const parentId = input.parent_id != null ? await this.categoryOf(guildId, input.parent_id) : null;
    const overwrites = await resolveOverwriteSet(this.ctx, access, [], input.permission_overwrites ?? []);

    const created = await this.ctx.db.$transaction(async (tx) => {
      const last = await tx.channel.aggregate({
        where: { guildId, type: { in: [TEXT, VOICE, CATEGORY] } },
        _max: { position: true },
      });
      const channel = await tx.channel.create({
        data: {
          guildId,
          type: input.type,
          name,
          topic: input.type === TEXT ? (input.topic ?? null) : null,
          nsfw: input.nsfw ?? false,
          parentId,
          position: (last._max.position ?? -1) + 1,
          ...(input.type === VOICE ? { bitrate: 64000, userLimit: 0 } : {}),
          createdAt: this.ctx.clock.now(),
          lastActivityAt: this.ctx.clock.now(),
        },
      });
      if (overwrites.length > 0)
        await tx.permissionOverwrite.createMany({ data: overwrites.map((o) => ({ channelId: channel.id, ...o })) });
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.ChannelCreate,
        targetId: channel.id,
        changes: [{ key: "name", new_value: channel.name ?? "" }],
      });
      return tx.channel.findUniqueOrThrow({ where: { id: channel.id }, include: channelInclude });
    });
    const wire = serializeChannel(created, this.ctx.urls);
    await emit(this.ctx, {
      t: GatewayDispatchEvents.ChannelCreate,
      d: wire,
      guildId: guildId.toString(),
      channelId: created.id.toString(),
    });
    return wire;
  }

  /**
   * PATCH /channels/{channel}: Manage Channels for text and voice channels (plus Manage Roles
   * when the overwrites change); threads follow the thread rules; categories cannot be changed.
   */
  async update(channelId: bigint, userId: bigint, body: unknown): Promise<APIChannel> {
    const access = await this.guildChannel(channelId, userId);
    if (isThreadType(access.channel.type)) return this.threads.update(access, userId, body);
    if (access.channel.type === CATEGORY) throw Errors.wrongChannelType();
    requirePermission(access.permissions, Permission.ManageChannels);
    const input: ChannelEditInput = parseForm(zChannelEdit, body ?? {});

    const data: { name?: string; topic?: string | null; nsfw?: boolean; parentId?: bigint | null } = {};
    if (input.name !== undefined) data.name = this.channelName(access.channel.type, input.name);
    if (input.topic !== undefined && access.channel.type === TEXT) data.topic = input.topic;
    if (input.nsfw != null) data.nsfw = input.nsfw;
    if (input.parent_id !== undefined)
      data.parentId = input.parent_id === null ? null : await this.categoryOf(access.guild.id, input.parent_id);

    const existing: StoredOverwrite[] = access.channel.overwrites;
    let overwrites: StoredOverwrite[] | null = null;
    if (input.permission_overwrites != null) {
      const wanted = await resolveOverwriteSet(this.ctx, access, existing, input.permission_overwrites);
      if (!sameOverwriteSet(existing, wanted)) {
        requirePermission(access.permissions, Permission.ManageRoles);
        overwrites = wanted;
      }
    }

    const visibility = overwrites ? await captureChannelVisibility(this.ctx, access.guild.id) : null;
    const updated = await this.ctx.db.$transaction(async (tx) => {
      await tx.channel.update({ where: { id: channelId }, data });
      if (overwrites) {
        await tx.permissionOverwrite.deleteMany({ where: { channelId } });
        if (overwrites.length > 0)
          await tx.permissionOverwrite.createMany({ data: overwrites.map((o) => ({ channelId, ...o })) });
      }
      await recordAudit(tx, {
        guildId: access.guild.id,
        userId,
        actionType: AuditLogEvent.ChannelUpdate,
        targetId: channelId,
      });
      return tx.channel.findUniqueOrThrow({ where: { id: channelId }, include: channelInclude });
    });
    await visibility?.emitChanges();
    const wire = serializeChannel(updated, this.ctx.urls);
    await emit(this.ctx, {
      t: GatewayDispatchEvents.ChannelUpdate,
      d: wire,
      guildId: access.guild.id.toString(),
      channelId: channelId.toString(),
    });
    return wire;
  }

  /**
   * DELETE /channels/{channel}: Manage Channels (Manage Messages for a thread); categories
   * cannot be deleted. The channel's threads go with it. Answers the deleted channel.
   */
  async delete(channelId: bigint, userId: bigint): Promise<APIChannel> {
    const access = await this.guildChannel(channelId, userId);
    if (isThreadType(access.channel.type)) return this.threads.remove(access, userId);
    if (access.channel.type === CATEGORY) throw Errors.wrongChannelType();
    requirePermission(access.permissions, Permission.ManageChannels);
    const guildId = access.guild.id;
    const audience = [...(await viewersOfChannel(this.ctx.db, guildId, channelId))];
    const wire = serializeChannel(access.channel, this.ctx.urls);
    await disconnectVoice(this.ctx, { channelId });
    await this.ctx.db.$transaction(async (tx) => {
      await tx.guild.updateMany({
        where: { id: guildId, systemChannelId: channelId },
        data: { systemChannelId: null },
      });
      await tx.channel.deleteMany({ where: { parentId: channelId, type: { in: [10, 11, 12] } } });
      await tx.channel.delete({ where: { id: channelId } });
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.ChannelDelete,
        targetId: channelId,
        changes: [{ key: "name", old_value: access.channel.name ?? "" }],
      });
    });
    // An empty audience must not fall back to the whole guild: nobody saw it, nobody is told.
    if (audience.length > 0)
      await emit(this.ctx, {
        t: GatewayDispatchEvents.ChannelDelete,
        d: wire,
        guildId: guildId.toString(),
        userIds: audience,
      });
    return wire;
  }

  /** A guild channel the caller can see; a DM answers 50003 (only GET is allowed there). */
  private async guildChannel(channelId: bigint, userId: bigint): Promise<GuildChannelAccess> {
    const access = await channelAccess(this.ctx, channelId, userId);
    if (!access.guild || !access.member) throw Errors.dmChannelAction();
    return access as GuildChannelAccess;
  }

  /** Text channels are normalised (lower-cased, spaces to dashes); voice channels keep their name. */
  private channelName(type: number, name: string): string {
    const result = type === TEXT ? normaliseTextChannelName(name) : name;
    if (result.trim() === "") {
      throw Errors.invalidForm({
        name: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 100 in length." }] },
      });
    }
    return result;
  }

  /** `parent_id` must name a category of the same guild (else 50035). */
  private async categoryOf(guildId: bigint, parentId: bigint): Promise<bigint> {
    const parent = await this.ctx.db.channel.findUnique({
      where: { id: parentId },
      select: { guildId: true, type: true },
    });
    if (!parent || parent.guildId !== guildId || parent.type !== CATEGORY) {
      throw Errors.invalidForm({
        parent_id: { _errors: [{ code: "CHANNEL_PARENT_INVALID", message: "Not a category of this guild." }] },
      });
    }
    return parentId;
  }
}
