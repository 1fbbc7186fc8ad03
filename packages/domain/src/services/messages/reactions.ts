import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { Db } from "@chat/db";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import { Permission } from "../../permissions";
import { type ReactionRow, serializeMember, serializeReactionEmoji, serializeUser } from "../../serializers";
import { parseEmoji, parseForm, zReactionUsersQuery } from "../../validation";
import { type ChannelAccess, channelAccess, requirePermission } from "../shared/access";
import { memberInclude, userSelect } from "../shared/selects";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** Spec Limits: 20 different reactions per message; 20 reactions by one user per message. */
export const MAX_EMOJI_PER_MESSAGE = 20;
export const MAX_REACTIONS_PER_USER = 20;

interface ResolvedEmoji {
  /** Reaction.emojiKey: the Unicode emoji, or the custom emoji's id. */
  key: string;
  name: string | null;
  id: bigint | null;
  animated: boolean;
}

interface Target {
  access: ChannelAccess;
  guildId: bigint;
  message: { id: bigint; channelId: bigint; authorId: bigint };
}

/**
 * Reactions on guild messages (spec: Endpoints > Reactions). Every write locks the message
 * row first, so the per-message limits hold and each removed reaction is announced once.
 */
export class ReactionService {
  constructor(private ctx: DomainContext) {}

  /** PUT .../reactions/{emoji}/@me: Add Reactions; adding one the user already put changes nothing. */
  async add(channelId: bigint, messageId: bigint, rawEmoji: string, userId: bigint): Promise<void> {
    const target = await this.target(channelId, messageId, userId);
    const emoji = await this.resolveEmoji(rawEmoji, messageId, userId, { adding: true });
    requirePermission(target.access.permissions, Permission.AddReactions);
    const added = await this.ctx.db.$transaction(async (tx) => {
      await this.lockMessage(tx, messageId);
      const mine = await tx.reaction.findMany({ where: { messageId, userId }, select: { emojiKey: true } });
      if (mine.some((r) => r.emojiKey === emoji.key)) return false;
      if (mine.length >= MAX_REACTIONS_PER_USER) throw Errors.tooManyReactions();
      const keys = await tx.reaction.findMany({
        where: { messageId },
        distinct: ["emojiKey"],
        select: { emojiKey: true },
      });
      if (!keys.some((k) => k.emojiKey === emoji.key) && keys.length >= MAX_EMOJI_PER_MESSAGE)
        throw Errors.tooManyReactions();
      await tx.reaction.create({
        data: {
          messageId,
          userId,
          emojiKey: emoji.key,
          emojiName: emoji.name,
          emojiId: emoji.id,
          createdAt: this.ctx.clock.now(),
        },
      });
      return true;
    });
    if (!added) return;
    const member = await this.ctx.db.member.findUnique({
      where: { guildId_userId: { guildId: target.guildId, userId } },
      include: memberInclude,
    });
    await emit(this.ctx, {
      t: GatewayDispatchEvents.MessageReactionAdd,
      d: {
        user_id: userId.toString(),
        channel_id: channelId.toString(),
        message_id: messageId.toString(),
        guild_id: target.guildId.toString(),
        ...(member ? { member: serializeMember(member, this.ctx.urls) } : {}),
        emoji: serializeReactionEmoji({ emojiName: emoji.name, emojiId: emoji.id }, emoji.animated),
        message_author_id: target.message.authorId.toString(),
        burst: false,
        type: 0,
      },
      guildId: target.guildId.toString(),
      channelId: channelId.toString(),
    });
  }

  /** DELETE .../reactions/{emoji}/@me (no permission needed) and .../{emoji}/{user} (Manage Messages unless the user is the caller). */
  async removeUser(
    channelId: bigint,
    messageId: bigint,
    rawEmoji: string,
    reactorId: bigint,
    userId: bigint,
  ): Promise<void> {
    const target = await this.target(channelId, messageId, userId);
    const emoji = await this.resolveEmoji(rawEmoji, messageId, userId, { adding: false });
    if (reactorId !== userId) requirePermission(target.access.permissions, Permission.ManageMessages);
    await this.removeWhere(target, { messageId, emojiKey: emoji.key, userId: reactorId });
  }

  /** DELETE .../reactions/{emoji}: Manage Messages; everyone's reaction with that emoji. */
  async removeEmoji(channelId: bigint, messageId: bigint, rawEmoji: string, userId: bigint): Promise<void> {
    const target = await this.target(channelId, messageId, userId);
    const emoji = await this.resolveEmoji(rawEmoji, messageId, userId, { adding: false });
    requirePermission(target.access.permissions, Permission.ManageMessages);
    await this.removeWhere(target, { messageId, emojiKey: emoji.key });
  }

  /** DELETE .../reactions: Manage Messages; every reaction, one MESSAGE_REACTION_REMOVE each (emission rule 3). */
  async removeAll(channelId: bigint, messageId: bigint, userId: bigint): Promise<void> {
    const target = await this.target(channelId, messageId, userId);
    requirePermission(target.access.permissions, Permission.ManageMessages);
    await this.removeWhere(target, { messageId });
  }

  /** GET .../reactions/{emoji}: View Channel; the users who reacted, by id, `limit` 1–100 after `after`. */
  async users(channelId: bigint, messageId: bigint, rawEmoji: string, userId: bigint, query: unknown) {
    await this.target(channelId, messageId, userId);
    const emoji = await this.resolveEmoji(rawEmoji, messageId, userId, { adding: false });
    const q = parseForm(zReactionUsersQuery, query ?? {});
    if (q.type === 1) return []; // there are no burst reactions
    const rows = await this.ctx.db.reaction.findMany({
      where: { messageId, emojiKey: emoji.key, ...(q.after !== undefined ? { userId: { gt: q.after } } : {}) },
      orderBy: { userId: "asc" },
      take: q.limit,
      select: { user: { select: userSelect } },
    });
    return rows.map((r) => serializeUser(r.user, this.ctx.urls));
  }

  /**
   * A guild message the caller can see. DMs refuse reactions (50003) and a message of
   * another channel is Unknown Message.
   */
  private async target(channelId: bigint, messageId: bigint, userId: bigint): Promise<Target> {
    const access = await channelAccess(this.ctx, channelId, userId);
    const guildId = access.channel.guildId;
    if (!access.guild || guildId === null) throw Errors.dmChannelAction();
    const message = await this.ctx.db.message.findUnique({
      where: { id: messageId },
      select: { id: true, channelId: true, authorId: true },
    });
    if (!message || message.channelId !== channelId) throw Errors.unknownMessage();
    return { access, guildId, message };
  }

  /**
   * The path's emoji. A custom emoji must exist; to add it the caller must be in its guild.
   * Removing or listing also accepts the id of a deleted emoji still on the message.
   */
  private async resolveEmoji(
    raw: string,
    messageId: bigint,
    userId: bigint,
    options: { adding: boolean },
  ): Promise<ResolvedEmoji> {
    const parsed = parseEmoji(raw);
    if (!parsed) throw Errors.unknownEmoji();
    if (parsed.kind === "unicode") return { key: parsed.name, name: parsed.name, id: null, animated: false };
    const key = parsed.id.toString();
    const emoji = await this.ctx.db.emoji.findUnique({
      where: { id: parsed.id },
      select: { id: true, name: true, animated: true, guildId: true },
    });
    if (emoji) {
      if (options.adding) {
        const member = await this.ctx.db.member.findUnique({
          where: { guildId_userId: { guildId: emoji.guildId, userId } },
          select: { userId: true },
        });
        if (!member) throw Errors.unknownEmoji();
      }
      return { key, name: emoji.name, id: emoji.id, animated: emoji.animated };
    }
    if (!options.adding) {
      const left = await this.ctx.db.reaction.findFirst({
        where: { messageId, emojiKey: key },
        select: { emojiName: true },
      });
      if (left) return { key, name: left.emojiName, id: parsed.id, animated: parsed.animated };
    }
    throw Errors.unknownEmoji();
  }

  /** Serializes writers of one message's reactions; a message deleted meanwhile is Unknown Message. */
  private async lockMessage(tx: Tx, messageId: bigint): Promise<void> {
    const rows = await tx.$queryRaw<{ id: bigint }[]>`SELECT "id" FROM "Message" WHERE "id" = ${messageId} FOR UPDATE`;
    if (rows.length === 0) throw Errors.unknownMessage();
  }

  private async removeWhere(
    target: Target,
    where: { messageId: bigint; emojiKey?: string; userId?: bigint },
  ): Promise<void> {
    const removed: ReactionRow[] = await this.ctx.db.$transaction(async (tx) => {
      await this.lockMessage(tx, where.messageId);
      const rows = await tx.reaction.findMany({
        where,
        select: { userId: true, emojiKey: true, emojiName: true, emojiId: true },
        orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
      });
      if (rows.length > 0) await tx.reaction.deleteMany({ where });
      return rows;
    });
    const channelId = target.message.channelId.toString();
    for (const row of removed) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.MessageReactionRemove,
        d: {
          user_id: row.userId.toString(),
          channel_id: channelId,
          message_id: target.message.id.toString(),
          guild_id: target.guildId.toString(),
          emoji: serializeReactionEmoji(row),
          burst: false,
          type: 0,
        },
        guildId: target.guildId.toString(),
        channelId,
      });
    }
  }
}
