import { hotQuery, type Prisma } from "@chat/db";
import type { DomainContext } from "../../context";
import { messageInclude } from "../shared/selects";
import { type NewAttachment, resolveEmbedAttachments } from "./message-files";
import { messageRecordOf } from "./message-rows";
import type { MessageRecord } from "./messages";

/** A new message's columns, as MessageService.post decided them. */
export interface NewMessage {
  channelId: bigint;
  guildId: bigint | null;
  authorId: bigint;
  content: string;
  flags: number;
  nonce: string | null;
  embeds: unknown[];
  components: unknown[];
  mentionEveryone: boolean;
  mentionUserIds: bigint[];
  mentionRoleIds: bigint[];
  mentionChannelIds: bigint[];
  referenceMessageId: bigint | null;
  referenceChannelId: bigint | null;
  referenceGuildId: bigint | null;
  type: number;
  applicationId: bigint | null;
  webhookId: bigint | null;
  interactionMeta: object | null;
  createdAt: Date;
}

/**
 * Writes the message and moves its channel's last message, count and activity on, answering
 * the row as `messageInclude` loads it. Without files this is one statement (the send path's
 * hot spot); with files, a transaction that stores them and points `attachment://` embed URLs at them.
 */
export function insertMessage(ctx: DomainContext, message: NewMessage, attachments: NewAttachment[]): Promise<MessageRecord> {
  return attachments.length === 0 ? insertPlainMessage(ctx, message) : insertMessageWithFiles(ctx, message, attachments);
}

const bigintArray = (ids: bigint[]) => `{${ids.join(",")}}`;
const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

const INSERT_PLAIN = `
  WITH m AS (
    INSERT INTO "Message" ("channelId", "guildId", "authorId", "content", "type", "flags", "tts", "nonce", "embeds", "components",
      "mentionEveryone", "mentionUserIds", "mentionRoleIds", "mentionChannelIds", "referenceMessageId", "referenceChannelId",
      "referenceGuildId", "applicationId", "webhookId", "interactionMeta", "createdAt")
    VALUES ($1::bigint, $2::bigint, $3::bigint, $4, $5::int, $6::int, false, $7, $8::jsonb, $9::jsonb, $10::boolean, $11::bigint[], $12::bigint[],
      $13::bigint[], $14::bigint, $15::bigint, $16::bigint, $17::bigint, $18::bigint, $19::jsonb, $20::timestamp(3))
    RETURNING *
  ), moved AS (
    UPDATE "Channel" SET "lastMessageId" = (SELECT id FROM m), "messageCount" = "messageCount" + 1, "lastActivityAt" = $20::timestamp(3)
    WHERE id = $1::bigint
  )
  SELECT m.*, u.id AS author_id, u.username AS author_username, u."globalName" AS "author_globalName", u.discriminator AS author_discriminator,
    u."avatarHash" AS "author_avatarHash", u.bot AS author_bot, u.system AS author_system, u.locale AS author_locale
  FROM m JOIN "User" u ON u.id = m."authorId"`;

async function insertPlainMessage(ctx: DomainContext, m: NewMessage): Promise<MessageRecord> {
  const rows = await hotQuery<Record<string, unknown>>(ctx.db, INSERT_PLAIN, [
    m.channelId,
    m.guildId,
    m.authorId,
    m.content,
    m.type,
    m.flags,
    m.nonce,
    json(m.embeds),
    json(m.components),
    m.mentionEveryone,
    bigintArray(m.mentionUserIds),
    bigintArray(m.mentionRoleIds),
    bigintArray(m.mentionChannelIds),
    m.referenceMessageId,
    m.referenceChannelId,
    m.referenceGuildId,
    m.applicationId,
    m.webhookId,
    json(m.interactionMeta),
    m.createdAt.toISOString(),
  ]);
  const row = rows[0];
  if (!row) throw new Error("the message was not written");
  return messageRecordOf(row, [], []);
}

async function insertMessageWithFiles(ctx: DomainContext, m: NewMessage, attachments: NewAttachment[]): Promise<MessageRecord> {
  return ctx.db.$transaction(async (tx) => {
    let message = await tx.message.create({
      data: {
        ...m,
        tts: false,
        embeds: m.embeds as object[],
        components: m.components as object[],
        interactionMeta: (m.interactionMeta ?? undefined) as Prisma.InputJsonValue | undefined,
        attachments: { create: attachments.map((a, position) => ({ ...a, position })) },
      },
      include: messageInclude,
    });
    if (m.embeds.length > 0) {
      const resolved = resolveEmbedAttachments(m.embeds, message.attachments, m.channelId, ctx.urls);
      message = await tx.message.update({ where: { id: message.id }, data: { embeds: resolved as object[] }, include: messageInclude });
    }
    await tx.channel.update({ where: { id: m.channelId }, data: { lastMessageId: message.id, messageCount: { increment: 1 }, lastActivityAt: m.createdAt } });
    return message;
  });
}
