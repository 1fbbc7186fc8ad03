import { type Db, hotQuery, hotQueryable, Prisma, type SqlValue } from "@chat/db";
import type { MessageRecord } from "./messages";

/**
 * Messages as `messageInclude` loads them (author, attachments by position, reactions oldest
 * first), each row whole in one statement: the message columns, the author's, and the
 * attachments and reactions as JSON with 64-bit ids as text, and whether a thread was started
 * from it (a page whose messages started none then needs no statement for threads). `where` and `tail` are the
 * statement's filter and its ORDER BY / LIMIT on "Message" m. With a tail the messages are
 * chosen first, in a subquery of their own, and only they are joined: the planner cannot
 * trade the index's order for a join order and sort a whole channel.
 */
export async function selectMessageRows(
  db: Db,
  where: Prisma.Sql,
  tail: Prisma.Sql = Prisma.empty,
): Promise<MessageRecord[]> {
  const messages =
    tail === Prisma.empty ? Prisma.sql`"Message" m` : Prisma.sql`(SELECT * FROM "Message" m WHERE ${where} ${tail}) m`;
  const statement = Prisma.sql`
    SELECT m.*,
      u.id AS author_id, u.username AS author_username, u."globalName" AS "author_globalName", u.discriminator AS author_discriminator,
      u."avatarHash" AS "author_avatarHash", u.bot AS author_bot, u.system AS author_system, u.locale AS author_locale,
      (SELECT COALESCE(json_agg(json_build_object('id', a.id::text, 'filename', a.filename, 'description', a.description,
          'contentType', a."contentType", 'size', a.size) ORDER BY a.position), '[]'::json)
        FROM "Attachment" a WHERE a."messageId" = m.id) AS a_attachments,
      (SELECT COALESCE(json_agg(json_build_object('userId', r."userId"::text, 'emojiKey', r."emojiKey", 'emojiName', r."emojiName",
          'emojiId', r."emojiId"::text) ORDER BY r."createdAt", r."userId"), '[]'::json)
        FROM "Reaction" r WHERE r."messageId" = m.id) AS a_reactions,
      EXISTS (SELECT 1 FROM "Channel" t WHERE t."starterMessageId" = m.id) AS a_starts_thread
    FROM ${messages} JOIN "User" u ON u.id = m."authorId"
    ${tail === Prisma.empty ? Prisma.sql`WHERE ${where}` : tail}`;
  // Outside a transaction, straight on the driver: a history page is on every channel open.
  const rows = hotQueryable(db)
    ? await hotQuery<Row>(db, statement.text, statement.values as SqlValue[])
    : await db.$queryRaw<Row[]>(statement);
  return rows.map(toRecord);
}

type Row = Record<string, unknown> & {
  a_attachments: {
    id: string;
    filename: string;
    description: string | null;
    contentType: string | null;
    size: number;
  }[];
  a_reactions: { userId: string; emojiKey: string; emojiName: string | null; emojiId: string | null }[];
  a_starts_thread: boolean;
};

type Author = MessageRecord["author"];
type MessageColumns = Omit<MessageRecord, "author" | "attachments" | "reactions" | "startsThread">;
type AuthorColumns = { [K in keyof Author as `author_${K}`]: Author[K] };

/**
 * The row of a statement that returned a message's columns and its author's as `author_*`, as
 * `messageInclude` shapes it. Property by property (typed: a column added to "Message" is a
 * compile error here until it is copied): a page builds fifty of these, and a loop over the
 * row's keys cost a tenth of the page's time.
 */
export function messageRecordOf(
  row: Record<string, unknown>,
  attachments: MessageRecord["attachments"],
  reactions: MessageRecord["reactions"],
  startsThread?: boolean,
): MessageRecord {
  const m = row as MessageColumns & AuthorColumns;
  return {
    id: m.id,
    channelId: m.channelId,
    guildId: m.guildId,
    authorId: m.authorId,
    content: m.content,
    type: m.type,
    flags: m.flags,
    tts: m.tts,
    nonce: m.nonce,
    embeds: m.embeds,
    components: m.components,
    mentionEveryone: m.mentionEveryone,
    mentionUserIds: m.mentionUserIds,
    mentionRoleIds: m.mentionRoleIds,
    mentionChannelIds: m.mentionChannelIds,
    pinned: m.pinned,
    pinnedAt: m.pinnedAt,
    referenceMessageId: m.referenceMessageId,
    referenceChannelId: m.referenceChannelId,
    referenceGuildId: m.referenceGuildId,
    applicationId: m.applicationId,
    webhookId: m.webhookId,
    interactionMeta: m.interactionMeta,
    editedAt: m.editedAt,
    createdAt: m.createdAt,
    author: {
      id: m.author_id,
      username: m.author_username,
      globalName: m.author_globalName,
      discriminator: m.author_discriminator,
      avatarHash: m.author_avatarHash,
      bot: m.author_bot,
      system: m.author_system,
      locale: m.author_locale,
    },
    attachments,
    reactions,
    startsThread,
  };
}

function toRecord(row: Row): MessageRecord {
  const attachments = row.a_attachments.map((a) => ({ ...a, id: BigInt(a.id) }));
  const reactions = row.a_reactions.map((r) => ({
    ...r,
    userId: BigInt(r.userId),
    emojiId: r.emojiId === null ? null : BigInt(r.emojiId),
  }));
  return messageRecordOf(row, attachments, reactions, row.a_starts_thread);
}
