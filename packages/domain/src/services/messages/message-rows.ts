import { type Db, hotQuery, hotQueryable, Prisma, type SqlValue } from "@chat/db";
import type { MessageRecord } from "./messages";

/**
 * Messages as `messageInclude` loads them (author, attachments by position, reactions oldest
 * first), each row whole in one statement: the message columns, the author's, and the
 * attachments and reactions as JSON with 64-bit ids as text. `where` and `tail` are the
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
        FROM "Reaction" r WHERE r."messageId" = m.id) AS a_reactions
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
};

const AUTHOR_PREFIX_LENGTH = "author_".length;

/** The row of a statement that returned a message's columns and its author's as `author_*`, as `messageInclude` shapes it. */
export function messageRecordOf(
  row: Record<string, unknown>,
  attachments: MessageRecord["attachments"],
  reactions: MessageRecord["reactions"],
): MessageRecord {
  const author: Record<string, unknown> = {};
  const message: Record<string, unknown> = {};
  for (const key in row) {
    if (key.startsWith("author_")) author[key.slice(AUTHOR_PREFIX_LENGTH)] = row[key];
    else if (!key.startsWith("a_")) message[key] = row[key];
  }
  return {
    ...(message as Omit<MessageRecord, "author" | "attachments" | "reactions">),
    author: author as MessageRecord["author"],
    attachments,
    reactions,
  };
}

function toRecord(row: Row): MessageRecord {
  const attachments = row.a_attachments.map((a) => ({ ...a, id: BigInt(a.id) }));
  const reactions = row.a_reactions.map((r) => ({
    ...r,
    userId: BigInt(r.userId),
    emojiId: r.emojiId === null ? null : BigInt(r.emojiId),
  }));
  return messageRecordOf(row, attachments, reactions);
}
