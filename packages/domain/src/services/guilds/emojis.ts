import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { ApiError, Errors } from "../../errors";
import { has, Permission } from "../../permissions";
import { type EmojiRow, serializeEmoji, serializeUser } from "../../serializers";
import { EMOJI_LIMIT_PER_KIND, EMOJI_MAX_BYTES, parseForm, zEmojiName } from "../../validation";
import type { PictureService } from "../pictures/pictures";
import { guildAccess, requirePermission } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { userSelect } from "../shared/selects";

/** Still and animated pictures an emoji may be (no JPEG: emoji need transparency). */
const EMOJI_CONTENT_TYPES = new Set(["image/png", "image/gif", "image/webp"]);

const emojiSelect = { id: true, guildId: true, name: true, animated: true, creatorId: true } as const;

/** A guild's custom emoji (spec: Guilds and emoji). */
export class EmojiService {
  constructor(
    private ctx: DomainContext,
    private pictures: PictureService,
  ) {}

  /** GET /guilds/{guild}/emojis: every custom emoji of a guild the caller is in. */
  async list(guildId: bigint, userId: bigint) {
    const access = await guildAccess(this.ctx, guildId, userId);
    const emojis = await this.ctx.db.emoji.findMany({
      where: { guildId },
      select: emojiSelect,
      orderBy: { id: "asc" },
    });
    return this.serialize(emojis, has(access.permissions, Permission.ManageGuildExpressions));
  }

  /** The guild settings' Emoji section: every custom emoji with who made it, and whether the member may manage them. */
  async listForSettings(guildId: bigint, userId: bigint) {
    const access = await guildAccess(this.ctx, guildId, userId);
    const canManage = has(access.permissions, Permission.ManageGuildExpressions);
    const emojis = await this.ctx.db.emoji.findMany({
      where: { guildId },
      select: emojiSelect,
      orderBy: { id: "asc" },
    });
    return { canManage, emojis: await this.serialize(emojis, true) };
  }

  /** GET /guilds/{guild}/emojis/{emoji}: Unknown Emoji for one of another guild or none. */
  async get(guildId: bigint, emojiId: bigint | null, userId: bigint) {
    const access = await guildAccess(this.ctx, guildId, userId);
    if (emojiId === null) throw Errors.unknownEmoji();
    const emoji = await this.ctx.db.emoji.findFirst({ where: { id: emojiId, guildId }, select: emojiSelect });
    if (!emoji) throw Errors.unknownEmoji();
    const [wire] = await this.serialize([emoji], has(access.permissions, Permission.ManageGuildExpressions));
    return wire;
  }

  /**
   * Adds a custom emoji from image data (the app's "Upload emoji"); needs Manage Guild
   * Expressions. Everyone in the guild gets GUILD_EMOJIS_UPDATE with the new list.
   */
  async create(actorId: bigint, guildId: bigint, input: { name: unknown; image: unknown }) {
    const access = await guildAccess(this.ctx, guildId, actorId);
    requirePermission(access.permissions, Permission.ManageGuildExpressions);
    const name = parseForm(zEmojiName, input.name);
    const picture = this.pictures.decode(input.image, "image");
    if (picture.data.length > EMOJI_MAX_BYTES) {
      throw Errors.invalidForm({
        image: {
          _errors: [
            { code: "BINARY_TYPE_MAX_SIZE", message: `File cannot be larger than ${EMOJI_MAX_BYTES / 1024} KB.` },
          ],
        },
      });
    }
    if (!EMOJI_CONTENT_TYPES.has(picture.contentType)) {
      throw Errors.invalidForm({
        image: { _errors: [{ code: "IMAGE_INVALID", message: "Must be a PNG, GIF or WebP image." }] },
      });
    }
    const animated = picture.contentType === "image/gif";
    const emoji = await this.ctx.db.$transaction(async (tx) => {
      // One guild's emoji are counted under its row's lock, so two uploads cannot both take the last place.
      await tx.$queryRaw`SELECT 1 FROM "Guild" WHERE "id" = ${guildId} FOR UPDATE`;
      const count = await tx.emoji.count({ where: { guildId, animated } });
      if (count >= EMOJI_LIMIT_PER_KIND)
        throw new ApiError(400, 30008, `Maximum number of emojis reached (${EMOJI_LIMIT_PER_KIND})`);
      const created = await tx.emoji.create({
        data: {
          guildId,
          name,
          animated,
          creatorId: actorId,
          contentType: picture.contentType,
          image: new Uint8Array(picture.data),
          createdAt: this.ctx.clock.now(),
        },
        select: emojiSelect,
      });
      await recordAudit(tx, { guildId, userId: actorId, actionType: AuditLogEvent.EmojiCreate, targetId: created.id });
      return created;
    });
    await this.announce(guildId);
    const [wire] = await this.serialize([emoji], true);
    return wire;
  }

  /** Renames a custom emoji (Manage Guild Expressions); GUILD_EMOJIS_UPDATE with the new list. */
  async rename(actorId: bigint, guildId: bigint, emojiId: bigint, input: { name: unknown }) {
    await this.requireManager(actorId, guildId);
    const name = parseForm(zEmojiName, input.name);
    const emoji = await this.ctx.db.$transaction(async (tx) => {
      const before = await tx.emoji.findFirst({ where: { id: emojiId, guildId }, select: emojiSelect });
      if (!before) throw Errors.unknownEmoji();
      const renamed = await tx.emoji.update({ where: { id: emojiId }, data: { name }, select: emojiSelect });
      await recordAudit(tx, {
        guildId,
        userId: actorId,
        actionType: AuditLogEvent.EmojiUpdate,
        targetId: emojiId,
        changes: [{ key: "name", old_value: before.name, new_value: name }],
      });
      return renamed;
    });
    await this.announce(guildId);
    const [wire] = await this.serialize([emoji], true);
    return wire;
  }

  /** Deletes a custom emoji (Manage Guild Expressions); GUILD_EMOJIS_UPDATE with the list left. */
  async remove(actorId: bigint, guildId: bigint, emojiId: bigint): Promise<void> {
    await this.requireManager(actorId, guildId);
    await this.ctx.db.$transaction(async (tx) => {
      const emoji = await tx.emoji.findFirst({ where: { id: emojiId, guildId }, select: { name: true } });
      const removed = await tx.emoji.deleteMany({ where: { id: emojiId, guildId } });
      if (!emoji || removed.count === 0) throw Errors.unknownEmoji();
      await recordAudit(tx, {
        guildId,
        userId: actorId,
        actionType: AuditLogEvent.EmojiDelete,
        targetId: emojiId,
        changes: [{ key: "name", old_value: emoji.name }],
      });
    });
    await this.announce(guildId);
  }

  /** A member without the permission is refused before learning whether the emoji exists. */
  private async requireManager(actorId: bigint, guildId: bigint): Promise<void> {
    const access = await guildAccess(this.ctx, guildId, actorId);
    requirePermission(access.permissions, Permission.ManageGuildExpressions);
  }

  private async announce(guildId: bigint) {
    const emojis = await this.ctx.db.emoji.findMany({
      where: { guildId },
      select: emojiSelect,
      orderBy: { id: "asc" },
    });
    await emit(this.ctx, {
      t: GatewayDispatchEvents.GuildEmojisUpdate,
      d: { guild_id: guildId.toString(), emojis: emojis.map((e) => serializeEmoji(e)) },
      guildId: guildId.toString(),
    });
  }

  /** The emoji objects; `user` (who made it) only for those who may manage expressions, as on the reference platform. */
  private async serialize(emojis: (EmojiRow & { creatorId: bigint | null })[], withCreator: boolean) {
    const creatorIds = withCreator
      ? [...new Set(emojis.map((e) => e.creatorId).filter((id): id is bigint => id !== null))]
      : [];
    const creators = creatorIds.length
      ? await this.ctx.db.user.findMany({ where: { id: { in: creatorIds } }, select: userSelect })
      : [];
    const byId = new Map(creators.map((u) => [u.id, u]));
    return emojis.map((emoji) => {
      const creator = emoji.creatorId === null ? undefined : byId.get(emoji.creatorId);
      return { ...serializeEmoji(emoji), ...(creator ? { user: serializeUser(creator, this.ctx.urls) } : {}) };
    });
  }
}
