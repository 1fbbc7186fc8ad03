import type { APIChannel } from "discord-api-types/v10";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { z } from "zod";
import { viewersOfChannel } from "../../audience";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors, type FieldErrors } from "../../errors";
import {
  canViewChannel,
  computeChannelPermissions,
  type GuildSnapshot,
  has,
  isThreadType,
  listableGuildChannels,
  loadMemberSnapshot,
  type MemberSnapshot,
  Permission,
} from "../../permissions";
import { serializeChannel } from "../../serializers";
import { CHANNEL_NAME_MAX, type OverwriteEntry, parseForm, zId, zOverwriteEntry } from "../../validation";
import { type ChannelAccess, channelAccess, guildAccess, requirePermission } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { channelInclude } from "../shared/selects";
import { channelOnlyBits, resolveOverwriteSet, type StoredOverwrite, sameOverwriteSet } from "./channel-overwrites";
import type { ChannelService } from "./channels";
import { captureChannelVisibility } from "./channel-visibility";

const CATEGORY = 4;
const ARRANGE_MAX = 500;

const nameLength = `Must be between 1 and ${CHANNEL_NAME_MAX} in length.`;
const zCategoryName = z
  .string()
  .transform((name) => name.trim())
  .pipe(z.string().min(1, nameLength).max(CHANNEL_NAME_MAX, nameLength));
const zCategoryFields = z.object({ name: zCategoryName });
const zOverwrites = z.array(zOverwriteEntry).max(100, "Must be 100 or fewer in length.");
const zArrangement = z
  .array(z.object({ id: zId, position: z.number().int().min(0).max(1_000_000), parent_id: zId.nullable().optional() }))
  .min(1, "Must be 1 or more in length.")
  .max(ARRANGE_MAX, `Must be ${ARRANGE_MAX} or fewer in length.`);

type GuildChannelAccess = ChannelAccess & { guild: GuildSnapshot; member: MemberSnapshot };

export interface ChannelLayoutEntry {
  channel: APIChannel;
  /** The channel's own overwrites (a category's apply to it alone; a channel "synced" holds the same set). */
  overwrites: StoredOverwrite[];
  /** What the person holds there: the settings disable what they cannot change. */
  permissions: bigint;
}

/**
 * How a guild's channels are laid out, as only people do it in the app (the bots' REST API
 * cannot create, rename or delete categories, nor move channels): categories, the order and
 * grouping of channels, and a channel's or category's whole overwrite set at once (the
 * overwrites editor, "sync with category"). The checks are the REST routes' own: Manage
 * Channels to arrange, Manage Roles and rule 10's reach for overwrites, each change reaching
 * bots as CHANNEL_CREATE / UPDATE / DELETE, and visibility changes through the one hook.
 */
export class ChannelLayoutService {
  constructor(
    private ctx: DomainContext,
    private channels: ChannelService,
  ) {}

  /**
   * A new text or voice channel, in `parentId`'s category when given, starting in sync with it
   * (the category's overwrites copied, as the reference platform's client does), through the
   * bots' own create: Manage Channels, and Manage Roles' reach for the copied overwrites.
   */
  async createChannel(
    guildId: bigint,
    userId: bigint,
    input: { name: string; type: 0 | 2; parentId?: bigint | null },
  ): Promise<APIChannel> {
    const parent =
      input.parentId == null
        ? null
        : await this.ctx.db.channel.findUnique({ where: { id: input.parentId }, include: { overwrites: true } });
    const overwrites = parent?.guildId === guildId && parent.type === CATEGORY ? parent.overwrites : [];
    return this.channels.create(guildId, userId, {
      name: input.name,
      type: input.type,
      parent_id: input.parentId?.toString() ?? null,
      permission_overwrites: overwrites.map((o) => ({
        id: o.targetId.toString(),
        type: o.type,
        allow: o.allow.toString(),
        deny: o.deny.toString(),
      })),
    });
  }

  /** The guild's channels and categories the person can see, with their overwrites and the person's permissions in each. */
  async list(guildId: bigint, userId: bigint): Promise<{ entries: ChannelLayoutEntry[]; permissions: bigint }> {
    const access = await guildAccess(this.ctx, guildId, userId);
    const channels = await this.ctx.db.channel.findMany({
      where: { guildId, type: { notIn: [10, 11, 12] } },
      include: channelInclude,
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    const entries = listableGuildChannels(access.guild, access.member, channels).map((c) => ({
      channel: serializeChannel(c, this.ctx.urls),
      overwrites: c.overwrites,
      permissions: canViewChannel(access.guild, access.member, c)
        ? computeChannelPermissions(access.guild, access.member, c)
        : 0n,
    }));
    return { entries, permissions: access.permissions };
  }

  /** A new category, placed last (Manage Channels); members who see it get CHANNEL_CREATE. */
  async createCategory(guildId: bigint, userId: bigint, body: unknown): Promise<APIChannel> {
    const access = await guildAccess(this.ctx, guildId, userId);
    requirePermission(access.permissions, Permission.ManageChannels);
    const { name } = parseForm(zCategoryFields, body ?? {});
    const created = await this.ctx.db.$transaction(async (tx) => {
      const last = await tx.channel.aggregate({
        where: { guildId, type: { in: [0, 2, CATEGORY] } },
        _max: { position: true },
      });
      const now = this.ctx.clock.now();
      const category = await tx.channel.create({
        data: {
          guildId,
          type: CATEGORY,
          name,
          position: (last._max.position ?? -1) + 1,
          createdAt: now,
          lastActivityAt: now,
        },
      });
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.ChannelCreate,
        targetId: category.id,
        changes: [{ key: "name", new_value: name }],
      });
      return tx.channel.findUniqueOrThrow({ where: { id: category.id }, include: channelInclude });
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

  /** Renames a category (Manage Channels there); its viewers get CHANNEL_UPDATE. */
  async renameCategory(categoryId: bigint, userId: bigint, body: unknown): Promise<APIChannel> {
    const access = await this.category(categoryId, userId);
    requirePermission(access.permissions, Permission.ManageChannels);
    const { name } = parseForm(zCategoryFields, body ?? {});
    const updated = await this.ctx.db.$transaction(async (tx) => {
      await tx.channel.update({ where: { id: categoryId }, data: { name } });
      await recordAudit(tx, {
        guildId: access.guild.id,
        userId,
        actionType: AuditLogEvent.ChannelUpdate,
        targetId: categoryId,
        changes: [{ key: "name", old_value: access.channel.name ?? "", new_value: name }],
      });
      return tx.channel.findUniqueOrThrow({ where: { id: categoryId }, include: channelInclude });
    });
    const wire = serializeChannel(updated, this.ctx.urls);
    await emit(this.ctx, {
      t: GatewayDispatchEvents.ChannelUpdate,
      d: wire,
      guildId: access.guild.id.toString(),
      channelId: categoryId.toString(),
    });
    return wire;
  }

  /**
   * Deletes a category (Manage Channels there). Its channels stay, uncategorised, as on the
   * reference platform: each gets CHANNEL_UPDATE with `parent_id` null, the category CHANNEL_DELETE.
   */
  async deleteCategory(categoryId: bigint, userId: bigint): Promise<APIChannel> {
    const access = await this.category(categoryId, userId);
    requirePermission(access.permissions, Permission.ManageChannels);
    const guildId = access.guild.id;
    const audience = [...(await viewersOfChannel(this.ctx.db, guildId, categoryId))];
    const wire = serializeChannel(access.channel, this.ctx.urls);
    const children = await this.ctx.db.$transaction(async (tx) => {
      const orphans = await tx.channel.findMany({
        where: { parentId: categoryId, type: { notIn: [10, 11, 12] } },
        select: { id: true },
      });
      await tx.channel.updateMany({ where: { id: { in: orphans.map((c) => c.id) } }, data: { parentId: null } });
      await tx.channel.delete({ where: { id: categoryId } });
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.ChannelDelete,
        targetId: categoryId,
        changes: [{ key: "name", old_value: access.channel.name ?? "" }],
      });
      return tx.channel.findMany({ where: { id: { in: orphans.map((c) => c.id) } }, include: channelInclude });
    });
    if (audience.length > 0)
      await emit(this.ctx, {
        t: GatewayDispatchEvents.ChannelDelete,
        d: wire,
        guildId: guildId.toString(),
        userIds: audience,
      });
    for (const child of children) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.ChannelUpdate,
        d: serializeChannel(child, this.ctx.urls),
        guildId: guildId.toString(),
        channelId: child.id.toString(),
      });
    }
    return wire;
  }

  /**
   * Moves channels and categories: each entry's new `position` and, for a channel, its
   * category (`parent_id`, null for none). Like the reference platform's channel positions:
   * Manage Channels in every channel moved; a category cannot go inside another; only the
   * entries that changed get CHANNEL_UPDATE.
   */
  async arrange(guildId: bigint, userId: bigint, body: unknown): Promise<void> {
    const access = await guildAccess(this.ctx, guildId, userId);
    requirePermission(access.permissions, Permission.ManageChannels);
    const entries = parseForm(zArrangement, body ?? []);
    const channels = await this.ctx.db.channel.findMany({
      where: { guildId, type: { notIn: [10, 11, 12] } },
      include: channelInclude,
    });
    const byId = new Map(channels.map((c) => [c.id, c]));
    const errors: FieldErrors = {};
    const invalid = (index: number, field: string, code: string, message: string) => {
      errors[String(index)] = { [field]: { _errors: [{ code, message }] } };
    };
    // Channels and categories the person cannot see answer as if they did not exist.
    const visible = (id: bigint) => {
      const channel = byId.get(id);
      return channel && canViewChannel(access.guild, access.member, channel) ? channel : undefined;
    };
    for (const [index, entry] of entries.entries()) {
      const channel = visible(entry.id);
      if (!channel) invalid(index, "id", "CHANNEL_INVALID", "Unknown channel.");
      else if (entry.parent_id != null && (channel.type === CATEGORY || visible(entry.parent_id)?.type !== CATEGORY)) {
        invalid(index, "parent_id", "CHANNEL_PARENT_INVALID", "Not a category of this guild.");
      }
    }
    if (Object.keys(errors).length > 0) throw Errors.invalidForm(errors);
    for (const entry of entries) {
      const channel = byId.get(entry.id) as (typeof channels)[number];
      if (!has(computeChannelPermissions(access.guild, access.member, channel), Permission.ManageChannels))
        throw Errors.missingPermissions();
    }

    const changed = entries.filter((entry) => {
      const channel = byId.get(entry.id) as (typeof channels)[number];
      return (
        channel.position !== entry.position || (entry.parent_id !== undefined && channel.parentId !== entry.parent_id)
      );
    });
    if (changed.length === 0) return;
    const updated = await this.ctx.db.$transaction(async (tx) => {
      for (const entry of changed) {
        const before = byId.get(entry.id) as (typeof channels)[number];
        const parentId = entry.parent_id === undefined ? before.parentId : entry.parent_id;
        await tx.channel.update({ where: { id: entry.id }, data: { position: entry.position, parentId } });
        await recordAudit(tx, {
          guildId,
          userId,
          actionType: AuditLogEvent.ChannelUpdate,
          targetId: entry.id,
          changes: [{ key: "position", old_value: before.position, new_value: entry.position }],
        });
      }
      return tx.channel.findMany({ where: { id: { in: changed.map((e) => e.id) } }, include: channelInclude });
    });
    // A channel's own overwrites decide who sees it (nothing is inherited from its category): moving shows or hides nothing.
    for (const channel of updated) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.ChannelUpdate,
        d: serializeChannel(channel, this.ctx.urls),
        guildId: guildId.toString(),
        channelId: channel.id.toString(),
      });
    }
  }

  /**
   * Replaces a channel's or category's whole overwrite set (the editor's Save, and "sync with
   * category", which copies the category's set). Manage Roles there, and each entry added,
   * changed or removed within the person's reach, as PUT permissions checks it.
   */
  async setOverwrites(channelId: bigint, userId: bigint, body: unknown): Promise<APIChannel> {
    const access = await this.layoutChannel(channelId, userId);
    requirePermission(access.permissions, Permission.ManageRoles);
    const requested = parseForm(zOverwrites, body ?? []);
    const existing: StoredOverwrite[] = access.channel.overwrites;
    const wanted = await resolveOverwriteSet(this.ctx, access, existing, requested);
    if (sameOverwriteSet(existing, wanted)) return serializeChannel(access.channel, this.ctx.urls);

    const guildId = access.guild.id;
    const visibility = await captureChannelVisibility(this.ctx, guildId);
    const updated = await this.ctx.db.$transaction(async (tx) => {
      await tx.permissionOverwrite.deleteMany({ where: { channelId } });
      if (wanted.length > 0)
        await tx.permissionOverwrite.createMany({ data: wanted.map((o) => ({ channelId, ...o })) });
      for (const entry of overwriteAudit(existing, wanted)) {
        await recordAudit(tx, {
          guildId,
          userId,
          actionType: entry.action,
          targetId: channelId,
          options: { id: entry.targetId.toString(), type: String(entry.type) },
        });
      }
      return tx.channel.findUniqueOrThrow({ where: { id: channelId }, include: channelInclude });
    });
    await visibility.emitChanges();
    const wire = serializeChannel(updated, this.ctx.urls);
    await emit(this.ctx, {
      t: GatewayDispatchEvents.ChannelUpdate,
      d: wire,
      guildId: guildId.toString(),
      channelId: channelId.toString(),
    });
    return wire;
  }

  /**
   * What `memberId` would hold in the channel with `overwrites` (the editor's unsaved set; the
   * saved one when absent), computed by the permissions engine: the editor's "effective
   * result for a member". Anyone who can see the channel may ask (its overwrites and the
   * guild's roles are visible to them already).
   */
  async effectivePermissions(
    channelId: bigint,
    userId: bigint,
    memberId: bigint,
    overwrites?: unknown,
  ): Promise<bigint> {
    const access = await this.layoutChannel(channelId, userId);
    const member = await loadMemberSnapshot(this.ctx.db, access.guild.id, memberId);
    if (!member) throw Errors.unknownMember();
    const draft: OverwriteEntry[] | null = overwrites === undefined ? null : parseForm(zOverwrites, overwrites);
    const set = draft
      ? draft.map((o) => ({
          targetId: o.id,
          type: o.type,
          allow: channelOnlyBits(o.allow),
          deny: channelOnlyBits(o.deny),
        }))
      : access.channel.overwrites;
    return computeChannelPermissions(access.guild, member, { id: channelId, overwrites: set });
  }

  /** A guild channel or category the person can see (threads have no overwrites of their own: 50024). */
  private async layoutChannel(channelId: bigint, userId: bigint): Promise<GuildChannelAccess> {
    const access = await channelAccess(this.ctx, channelId, userId);
    if (!access.guild || !access.member) throw Errors.dmChannelAction();
    if (isThreadType(access.channel.type)) throw Errors.wrongChannelType();
    return access as GuildChannelAccess;
  }

  /** A category the person can see; any other channel is 50024 here. */
  private async category(categoryId: bigint, userId: bigint): Promise<GuildChannelAccess> {
    const access = await this.layoutChannel(categoryId, userId);
    if (access.channel.type !== CATEGORY) throw Errors.wrongChannelType();
    return access;
  }
}

/** One audit entry per overwrite added, changed or removed, as the reference platform records them. */
function overwriteAudit(before: StoredOverwrite[], after: StoredOverwrite[]) {
  const old = new Map(before.map((o) => [o.targetId, o]));
  const now = new Map(after.map((o) => [o.targetId, o]));
  const entries: { action: AuditLogEvent; targetId: bigint; type: number }[] = [];
  for (const o of after) {
    const previous = old.get(o.targetId);
    if (!previous) entries.push({ action: AuditLogEvent.ChannelOverwriteCreate, targetId: o.targetId, type: o.type });
    else if (previous.allow !== o.allow || previous.deny !== o.deny || previous.type !== o.type)
      entries.push({ action: AuditLogEvent.ChannelOverwriteUpdate, targetId: o.targetId, type: o.type });
  }
  for (const o of before)
    if (!now.has(o.targetId))
      entries.push({ action: AuditLogEvent.ChannelOverwriteDelete, targetId: o.targetId, type: o.type });
  return entries;
}
