import { type APIAuditLogChange, GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { ApiError, Errors } from "../../errors";
import { Permission } from "../../permissions";
import { serializeGuild } from "../../serializers";
import { parseForm, zGuildSettings } from "../../validation";
import { captureChannelVisibility } from "../channels/channel-visibility";
import { guildAccess, requirePermission } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { guildEmojisInclude, roleInclude } from "../shared/selects";
import { disconnectVoice } from "../voice/voice-enforcement";

/**
 * A guild's own settings, changed by people in the app (the bot API has no route for them):
 * name and description with Manage Guild, deletion by the owner only.
 */
export class GuildSettingsService {
  constructor(private ctx: DomainContext) {}

  /** Renames or re-describes the guild; emits GUILD_UPDATE to its members. */
  async update(actorId: bigint, guildId: bigint, input: unknown) {
    const access = await guildAccess(this.ctx, guildId, actorId);
    requirePermission(access.permissions, Permission.ManageGuild);
    const changes = parseForm(zGuildSettings, input ?? {});
    const guild = await this.ctx.db.$transaction(async (tx) => {
      const before = await tx.guild.findUniqueOrThrow({
        where: { id: guildId },
        select: { name: true, description: true },
      });
      const audited = (["name", "description"] as const).flatMap((key) =>
        changes[key] !== undefined && changes[key] !== before[key]
          ? [{ key, old_value: before[key], new_value: changes[key] } as APIAuditLogChange]
          : [],
      );
      if (audited.length > 0)
        await recordAudit(tx, {
          guildId,
          userId: actorId,
          actionType: AuditLogEvent.GuildUpdate,
          targetId: guildId,
          changes: audited,
        });
      return tx.guild.update({
        where: { id: guildId },
        data: {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
        },
        include: { roles: { include: roleInclude, orderBy: { position: "asc" } }, emojis: guildEmojisInclude },
      });
    });
    const wire = serializeGuild(guild, guild.roles, guild.emojis);
    await emit(this.ctx, { t: GatewayDispatchEvents.GuildUpdate, d: wire, guildId: guildId.toString() });
    return wire;
  }

  /**
   * The owner hands the guild to another member (not a bot, as on the reference platform): they
   * become its owner, above every role; the former owner keeps only their roles' permissions.
   * Members and bots get GUILD_UPDATE with the new `owner_id`; channels and voice follow the
   * permissions that moved with it.
   */
  async transferOwnership(actorId: bigint, guildId: bigint, newOwnerId: bigint) {
    const access = await guildAccess(this.ctx, guildId, actorId);
    if (access.guild.ownerId !== actorId) throw Errors.missingPermissions();
    if (newOwnerId === actorId) return this.wire(guildId);
    const heir = await this.ctx.db.member.findUnique({
      where: { guildId_userId: { guildId, userId: newOwnerId } },
      select: { user: { select: { bot: true } } },
    });
    if (!heir) throw Errors.unknownMember();
    if (heir.user.bot) throw new ApiError(400, 50132, "Ownership cannot be transferred to a bot user");
    const visibility = await captureChannelVisibility(this.ctx, guildId, [actorId, newOwnerId]);
    await this.ctx.db.$transaction(async (tx) => {
      await tx.guild.update({ where: { id: guildId }, data: { ownerId: newOwnerId } });
      const changes: APIAuditLogChange[] = [
        { key: "owner_id", old_value: actorId.toString(), new_value: newOwnerId.toString() },
      ];
      await recordAudit(tx, {
        guildId,
        userId: actorId,
        actionType: AuditLogEvent.GuildUpdate,
        targetId: guildId,
        changes,
      });
    });
    const wire = await this.wire(guildId);
    await emit(this.ctx, { t: GatewayDispatchEvents.GuildUpdate, d: wire, guildId: guildId.toString() });
    await visibility.emitChanges();
    return wire;
  }

  private async wire(guildId: bigint) {
    const guild = await this.ctx.db.guild.findUniqueOrThrow({
      where: { id: guildId },
      include: { roles: { include: roleInclude, orderBy: { position: "asc" } }, emojis: guildEmojisInclude },
    });
    return serializeGuild(guild, guild.roles, guild.emojis);
  }

  /**
   * Deletes the guild with everything in it (owner only). Every member's sessions get
   * GUILD_DELETE `{ id }` and stop receiving the guild.
   */
  async remove(actorId: bigint, guildId: bigint): Promise<void> {
    const access = await guildAccess(this.ctx, guildId, actorId);
    if (access.guild.ownerId !== actorId) throw Errors.missingPermissions();
    const members = await this.ctx.db.member.findMany({ where: { guildId }, select: { userId: true } });
    await disconnectVoice(this.ctx, { guildId });
    await this.ctx.db.guild.delete({ where: { id: guildId } });
    await emit(this.ctx, {
      t: GatewayDispatchEvents.GuildDelete,
      d: { id: guildId.toString() },
      guildDeleted: true,
      guildId: guildId.toString(),
      userIds: members.map((m) => m.userId.toString()),
    });
  }
}
