import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { Db } from "@chat/db";
import type { APIMessage } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import { Permission } from "../../permissions";
import { PINS_PAGE_MAX, parseForm, zMessageCreate, zPinsQuery } from "../../validation";
import { type ChannelAccess, channelAccess, requirePermission } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { messageInclude } from "../shared/selects";
import { insertMessage } from "./message-insert";
import { isSystemMessage } from "./message-rules";
import { MessageService, type PreparedMessage } from "./messages";

/** The system message "<name> pinned a message to this channel." (reference platform: CHANNEL_PINNED_MESSAGE). */
export const CHANNEL_PINNED_MESSAGE = 6;

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** Spec Limits: 250 pinned messages per channel. */
export const MAX_PINS_PER_CHANNEL = 250;

const CATEGORY = 4;
const newestPinFirst = [{ pinnedAt: "desc" }, { id: "desc" }] as const;

/** Pinned messages of guild channels (spec: Endpoints > Pins). */
export class PinService {
  private messages: MessageService;

  constructor(private ctx: DomainContext) {
    this.messages = new MessageService(ctx);
  }

  /** GET /channels/{channel}/messages/pins: the pins page, newest pin first, `before` a time, `limit` 1–50. */
  async page(
    channelId: bigint,
    userId: bigint,
    query: unknown,
  ): Promise<{ items: { pinned_at: string; message: APIMessage }[]; has_more: boolean }> {
    await this.channel(channelId, userId);
    const q = parseForm(zPinsQuery, query ?? {});
    const rows = await this.ctx.db.message.findMany({
      where: { channelId, pinned: true, ...(q.before ? { pinnedAt: { lt: q.before } } : {}) },
      orderBy: [...newestPinFirst],
      take: q.limit + 1,
      include: messageInclude,
    });
    const shown = rows.slice(0, q.limit);
    const messages = await this.messages.toWireMany(shown, userId);
    const items = shown.map((m, i) => ({
      pinned_at: (m.pinnedAt ?? m.createdAt).toISOString(),
      message: messages[i] as APIMessage,
    }));
    return { items, has_more: rows.length > q.limit };
  }

  /** GET /channels/{channel}/pins (the older form): the newest 50 pinned messages as a plain list. */
  async list(channelId: bigint, userId: bigint): Promise<APIMessage[]> {
    await this.channel(channelId, userId);
    const rows = await this.ctx.db.message.findMany({
      where: { channelId, pinned: true },
      orderBy: [...newestPinFirst],
      take: PINS_PAGE_MAX,
      include: messageInclude,
    });
    return this.messages.toWireMany(rows, userId);
  }

  /**
   * PUT .../pins/{message}: Pin Messages; at most 250 per channel; pinning a pinned message
   * changes nothing. The pin, its audit entry and its notice are written in one transaction.
   */
  async pin(channelId: bigint, messageId: bigint, userId: bigint): Promise<void> {
    const access = await this.channel(channelId, userId);
    const guildId = access.channel.guildId as bigint;
    const { type } = await this.message(channelId, messageId);
    requirePermission(access.permissions, Permission.PinMessages);
    const notice = isSystemMessage(type) ? null : await this.notice(access, userId, messageId);
    const pinned = await this.ctx.db.$transaction(async (tx) => {
      await this.lockChannel(tx, channelId);
      const message = await tx.message.findUnique({
        where: { id: messageId },
        select: { pinned: true, authorId: true },
      });
      if (!message) throw Errors.unknownMessage();
      if (message.pinned) return null;
      const count = await tx.message.count({ where: { channelId, pinned: true } });
      if (count >= MAX_PINS_PER_CHANNEL) throw Errors.tooManyPins();
      const now = this.ctx.clock.now();
      await tx.message.update({ where: { id: messageId }, data: { pinned: true, pinnedAt: now } });
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.MessagePin,
        targetId: message.authorId,
        options: { channel_id: channelId.toString(), message_id: messageId.toString() },
      });
      const written = notice ? await insertMessage(this.ctx, { ...notice.row, createdAt: now }, [], tx) : null;
      return { at: now, notice: written };
    });
    if (!pinned) return;
    await this.pinsUpdate(guildId, channelId, pinned.at);
    if (notice && pinned.notice) await this.messages.publish(access, pinned.notice, notice);
  }

  /** DELETE .../pins/{message}: Pin Messages; unpinning a message that is not pinned answers 204 as well. */
  async unpin(channelId: bigint, messageId: bigint, userId: bigint): Promise<void> {
    const access = await this.channel(channelId, userId);
    const guildId = access.channel.guildId as bigint;
    await this.message(channelId, messageId);
    requirePermission(access.permissions, Permission.PinMessages);
    const changed = await this.ctx.db.$transaction(async (tx) => {
      await this.lockChannel(tx, channelId);
      const message = await tx.message.findUnique({
        where: { id: messageId },
        select: { pinned: true, authorId: true },
      });
      if (!message) throw Errors.unknownMessage();
      if (!message.pinned) return { changed: false, last: null };
      await tx.message.update({ where: { id: messageId }, data: { pinned: false, pinnedAt: null } });
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.MessageUnpin,
        targetId: message.authorId,
        options: { channel_id: channelId.toString(), message_id: messageId.toString() },
      });
      const latest = await tx.message.findFirst({
        where: { channelId, pinned: true },
        orderBy: [...newestPinFirst],
        select: { pinnedAt: true },
      });
      return { changed: true, last: latest?.pinnedAt ?? null };
    });
    if (changed.changed) await this.pinsUpdate(guildId, channelId, changed.last);
  }

  /** A guild channel with messages that the caller can see: DMs refuse pins (50003), categories hold no messages (50024). */
  private async channel(channelId: bigint, userId: bigint): Promise<ChannelAccess> {
    const access = await channelAccess(this.ctx, channelId, userId);
    if (!access.guild || access.channel.guildId === null) throw Errors.dmChannelAction();
    if (access.channel.type === CATEGORY) throw Errors.wrongChannelType();
    return access;
  }

  private async message(channelId: bigint, messageId: bigint): Promise<{ type: number }> {
    const message = await this.ctx.db.message.findUnique({
      where: { id: messageId },
      select: { channelId: true, type: true },
    });
    if (!message || message.channelId !== channelId) throw Errors.unknownMessage();
    return message;
  }

  /** Everyone sees who pinned what: a system message by the pinner, pointing at the pinned message (written with the pin). */
  private notice(access: ChannelAccess, userId: bigint, messageId: bigint): Promise<PreparedMessage> {
    const body = parseForm(zMessageCreate, {
      message_reference: { message_id: messageId.toString(), fail_if_not_exists: false },
      allowed_mentions: { parse: [], replied_user: false },
    });
    return this.messages.prepare(access, userId, body, {
      type: CHANNEL_PINNED_MESSAGE,
      allowEmpty: true,
      notice: true,
    });
  }

  /** Serializes pin changes in one channel, so the 250 limit holds under concurrent pins. */
  private async lockChannel(tx: Tx, channelId: bigint): Promise<void> {
    const rows = await tx.$queryRaw<{ id: bigint }[]>`SELECT "id" FROM "Channel" WHERE "id" = ${channelId} FOR UPDATE`;
    if (rows.length === 0) throw Errors.unknownChannel();
  }

  private async pinsUpdate(guildId: bigint, channelId: bigint, last: Date | null): Promise<void> {
    await emit(this.ctx, {
      t: GatewayDispatchEvents.ChannelPinsUpdate,
      d: {
        guild_id: guildId.toString(),
        channel_id: channelId.toString(),
        last_pin_timestamp: last?.toISOString() ?? null,
      },
      guildId: guildId.toString(),
      channelId: channelId.toString(),
    });
  }
}
