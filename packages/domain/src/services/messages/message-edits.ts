import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import { Permission } from "../../permissions";
import { checkAllowedMentions, parseForm, zBulkDelete, zMessageEdit } from "../../validation";
import { requirePermission } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { messageInclude } from "../shared/selects";
import { dmRecipientIds, messageDeleteEvent, messageEvent } from "./message-events";
import { checkFileLimits, newAttachments, resolveEmbedAttachments, type UploadedFile } from "./message-files";
import { resolveMentions } from "./message-mentions";
import { isSystemMessage, LOADING, refuseDmComponents, SUPPRESS_EMBEDS, USER_MESSAGE_TYPES } from "./message-rules";
import type { ChannelAccess } from "../shared/access";
import type { MessageService } from "./messages";

/**
 * PATCH /channels/{channel}/messages/{message}: only the author's own, never a system message.
 * Absent fields stay; `attachments` lists the attachments to keep (unlisted ones are removed)
 * and names the new files; `flags` may only toggle SUPPRESS_EMBEDS.
 */
export async function editMessage(
  ctx: DomainContext,
  messages: MessageService,
  args: {
    channelId: bigint;
    messageId: bigint;
    userId: bigint;
    body: unknown;
    files: UploadedFile[];
    /** The author's standing when already known (an interaction's reply, where the bot needs no View Channel). */
    access?: ChannelAccess;
    /** Flags the edit clears whatever the body says (LOADING, when a deferred reply is filled). */
    clearFlags?: number;
    /** A deferred reply may be filled with anything, even nothing more than it had. */
    allowEmpty?: boolean;
  },
) {
  const { channelId, messageId, userId, files } = args;
  const access = args.access ?? (await messages.messageChannel(channelId, userId));
  const message = await messages.find(messageId, channelId);
  if (!message) throw Errors.unknownMessage();
  if (isSystemMessage(message.type)) throw Errors.systemMessage();
  if (message.authorId !== userId) throw Errors.editOthersMessage();
  const input = parseForm(zMessageEdit, args.body ?? {});
  checkAllowedMentions(input.allowed_mentions);
  refuseDmComponents(access, input.components);

  // An entry naming a sent file's index describes that new file; any other names an attachment to keep.
  const entries = input.attachments;
  const fileIndexes = new Set(files.map((f) => BigInt(f.index)));
  const kept =
    entries == null
      ? message.attachments
      : message.attachments.filter((a) => entries.some((e) => e.id === a.id && !fileIndexes.has(e.id)));
  const added = newAttachments(files, entries);
  checkFileLimits(
    kept.length + added.length,
    added.reduce((sum, a) => sum + a.size, 0),
  );

  const content = input.content !== undefined ? (input.content ?? "") : message.content;
  const embeds = input.embeds !== undefined ? (input.embeds ?? []) : ((message.embeds as unknown[] | null) ?? []);
  const components =
    input.components !== undefined ? (input.components ?? []) : ((message.components as unknown[] | null) ?? []);
  if (
    !args.allowEmpty &&
    content.trim() === "" &&
    embeds.length === 0 &&
    components.length === 0 &&
    kept.length + added.length === 0
  )
    throw Errors.emptyMessage();
  const flags =
    (input.flags != null ? (message.flags & ~SUPPRESS_EMBEDS) | (input.flags & SUPPRESS_EMBEDS) : message.flags) &
    ~(args.clearFlags ?? 0);

  let mentionData = {};
  if (input.content !== undefined || input.allowed_mentions !== undefined) {
    const mentions = await resolveMentions(ctx, access, content, input.allowed_mentions);
    // The replied-to author stays pinged as at send time, unless allowed_mentions now says otherwise.
    const replied = message.referenceMessageId
      ? await messages.find(message.referenceMessageId, message.referenceChannelId ?? channelId)
      : null;
    if (replied && replied.authorId !== userId && !mentions.userIds.includes(replied.authorId)) {
      const keep = input.allowed_mentions
        ? input.allowed_mentions.replied_user === true
        : message.mentionUserIds.includes(replied.authorId);
      if (keep) mentions.userIds.push(replied.authorId);
    }
    mentionData = {
      mentionEveryone: mentions.everyone,
      mentionUserIds: mentions.userIds,
      mentionRoleIds: mentions.roleIds,
      mentionChannelIds: mentions.channelIds,
    };
  }

  const updated = await ctx.db.$transaction(async (tx) => {
    await tx.attachment.deleteMany({ where: { messageId, id: { notIn: kept.map((a) => a.id) } } });
    const start =
      kept.length === 0
        ? 0
        : Math.max(
            ...(await tx.attachment.findMany({ where: { messageId }, select: { position: true } })).map(
              (a) => a.position,
            ),
          ) + 1;
    if (added.length > 0)
      await tx.attachment.createMany({ data: added.map((a, i) => ({ ...a, messageId, position: start + i })) });
    const attachments = await tx.attachment.findMany({
      where: { messageId },
      select: { id: true, filename: true, description: true, contentType: true, size: true },
    });
    return tx.message.update({
      where: { id: messageId },
      data: {
        content,
        embeds: resolveEmbedAttachments(embeds, attachments, channelId, ctx.urls) as object[],
        components: components as object[],
        flags,
        ...mentionData,
        // Filling a deferred reply's thinking message is its first content, not an edit.
        editedAt: message.flags & LOADING & ~flags ? message.editedAt : ctx.clock.now(),
      },
      include: messageInclude,
    });
  });
  const wire = await messages.toWire(updated, { viewerId: userId });
  await emit(ctx, await messageEvent(ctx, GatewayDispatchEvents.MessageUpdate, wire, access.channel));
  return wire;
}

/**
 * DELETE /channels/{channel}/messages/{message}: the author's own, or anyone's with Manage
 * Messages (in a DM only one's own: 50003). Deleting someone else's is recorded in the guild's
 * audit log, as the reference platform does.
 */
export async function deleteMessage(
  ctx: DomainContext,
  messages: MessageService,
  args: { channelId: bigint; messageId: bigint; userId: bigint; access?: ChannelAccess },
): Promise<void> {
  const { channelId, messageId, userId } = args;
  const access = args.access ?? (await messages.messageChannel(channelId, userId));
  const message = await messages.find(messageId, channelId);
  if (!message) throw Errors.unknownMessage();
  if (isSystemMessage(message.type)) throw Errors.systemMessage();
  const own = message.authorId === userId;
  if (!own) {
    if (!access.guild) throw Errors.dmChannelAction();
    requirePermission(access.permissions, Permission.ManageMessages);
  }
  const guildId = access.channel.guildId;
  const dmUsers = guildId ? [] : await dmRecipientIds(ctx, channelId);
  await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.message.deleteMany({ where: { id: messageId, channelId } });
    if (count === 0) throw Errors.unknownMessage();
    await tx.channel.updateMany({
      where: { id: channelId, messageCount: { gt: 0 } },
      data: { messageCount: { decrement: 1 } },
    });
    if (!own && guildId) {
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.MessageDelete,
        targetId: message.authorId,
        options: { channel_id: channelId.toString(), count: "1" },
      });
    }
  });
  await emit(ctx, messageDeleteEvent(access.channel, messageId, dmUsers));
}

/**
 * POST /channels/{channel}/messages/bulk-delete: 2–100 ids, any age; ids not in the channel
 * (and system messages) are skipped. One MESSAGE_DELETE per deleted message (emission rule 2).
 */
export async function bulkDeleteMessages(
  ctx: DomainContext,
  messages: MessageService,
  args: { channelId: bigint; userId: bigint; body: unknown },
): Promise<void> {
  const { channelId, userId } = args;
  const access = await messages.messageChannel(channelId, userId);
  const guildId = access.channel.guildId;
  if (!guildId) throw Errors.dmChannelAction();
  requirePermission(access.permissions, Permission.ManageMessages);
  const input = parseForm(zBulkDelete, args.body ?? {});
  const ids = [...new Set(input.messages)];
  const deleted = await ctx.db.$transaction(async (tx) => {
    const found = await tx.message.findMany({
      where: { channelId, id: { in: ids }, type: { in: USER_MESSAGE_TYPES } },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    if (found.length === 0) return [];
    const gone = found.map((m) => m.id);
    const { count } = await tx.message.deleteMany({ where: { channelId, id: { in: gone } } });
    await tx.channel.update({ where: { id: channelId }, data: { messageCount: { decrement: count } } });
    await tx.channel.updateMany({ where: { id: channelId, messageCount: { lt: 0 } }, data: { messageCount: 0 } });
    await recordAudit(tx, {
      guildId,
      userId,
      actionType: AuditLogEvent.MessageBulkDelete,
      targetId: channelId,
      options: { count: String(count) },
    });
    return gone;
  });
  for (const id of deleted) await emit(ctx, messageDeleteEvent(access.channel, id));
}
