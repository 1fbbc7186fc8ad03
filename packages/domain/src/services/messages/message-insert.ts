import { hotQuery, type Prisma, type SqlValue } from "@chat/db";
import type { DomainContext } from "../../context";
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
 * Writes the message, its files and moves its channel's last message, count and activity on,
 * in one statement (atomic without a transaction, and the send path's hot spot), answering the
 * row as `messageInclude` loads it. Never back: two sends may reach the channel's row in the
 * other order than their ids, and the newer id must stay. Files get their ids first, so that
 * `attachment://` embed URLs can point at them. `tx`: inside that transaction (a pin's notice,
 * written with the pin).
 *
 * One statement rather than an interactive transaction: on the embedded database a transaction
 * holds the one session over every round trip, and 25 MB of files made others wait past their
 * limit; a transaction that outlived its own timeout was rolled back while its read-back ran on.
 */
export async function insertMessage(
  ctx: DomainContext,
  message: NewMessage,
  attachments: NewAttachment[],
  tx?: Prisma.TransactionClient,
): Promise<MessageRecord> {
  const run = <Row>(text: string, values: SqlValue[]): Promise<Row[]> =>
    tx ? tx.$queryRawUnsafe<Row[]>(text, ...values) : hotQuery<Row>(ctx.db, text, values);
  const ids =
    attachments.length === 0 ? [] : (await run<{ id: bigint }>(NEW_IDS, [attachments.length])).map((row) => row.id);
  const files = attachments.map((a, position) => ({ ...a, id: ids[position] as bigint, position }));
  const embeds =
    files.length > 0 && message.embeds.length > 0
      ? resolveEmbedAttachments(message.embeds, files, message.channelId, ctx.urls)
      : message.embeds;
  const rows = await run<Record<string, unknown>>(insertStatement(files.length), [
    ...messageValues({ ...message, embeds }),
    ...files.flatMap(fileValues),
  ]);
  const row = rows[0];
  if (!row) throw new Error("the message was not written");
  const stored = files.map(({ id, filename, description, contentType, size }) => ({
    id,
    filename,
    description,
    contentType,
    size,
  }));
  return messageRecordOf(row, stored, []);
}

const NEW_IDS = `SELECT nextval('global_id_seq') AS id FROM generate_series(1, $1::int)`;

const bigintArray = (ids: bigint[]) => `{${ids.join(",")}}`;
const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

function messageValues(m: NewMessage): SqlValue[] {
  return [
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
  ];
}
const MESSAGE_VALUES = 20;

const fileValues = (f: NewAttachment & { id: bigint; position: number }): SqlValue[] => [
  f.id,
  f.filename,
  f.description,
  f.contentType,
  f.size,
  f.data,
  f.position,
];
const FILE_VALUES = 7;

const statements = new Map<number, string>();

/** The insert for a message with `fileCount` files: their rows in the same statement (every data-modifying WITH runs once). */
function insertStatement(fileCount: number): string {
  const known = statements.get(fileCount);
  if (known) return known;
  const statement = writeInsertStatement(fileCount);
  statements.set(fileCount, statement);
  return statement;
}

function writeInsertStatement(fileCount: number): string {
  const files = Array.from({ length: fileCount }, (_, i) => {
    const p = (k: number) => `$${MESSAGE_VALUES + i * FILE_VALUES + k}`;
    return `(${p(1)}::bigint, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text, ${p(5)}::int, ${p(6)}::bytea, ${p(7)}::int)`;
  });
  const insertFiles =
    fileCount === 0
      ? ""
      : `, files AS (
    INSERT INTO "Attachment" ("id", "messageId", "filename", "description", "contentType", "size", "data", "position")
    SELECT f.id, m.id, f.filename, f.description, f."contentType", f.size, f.data, f.position
    FROM m, (VALUES ${files.join(", ")}) AS f(id, filename, description, "contentType", size, data, position)
  )`;
  return `
  WITH m AS (
    INSERT INTO "Message" ("channelId", "guildId", "authorId", "content", "type", "flags", "tts", "nonce", "embeds", "components",
      "mentionEveryone", "mentionUserIds", "mentionRoleIds", "mentionChannelIds", "referenceMessageId", "referenceChannelId",
      "referenceGuildId", "applicationId", "webhookId", "interactionMeta", "createdAt")
    VALUES ($1::bigint, $2::bigint, $3::bigint, $4, $5::int, $6::int, false, $7, $8::jsonb, $9::jsonb, $10::boolean, $11::bigint[], $12::bigint[],
      $13::bigint[], $14::bigint, $15::bigint, $16::bigint, $17::bigint, $18::bigint, $19::jsonb, $20::timestamp(3))
    RETURNING *
  )${insertFiles}, moved AS (
    UPDATE "Channel" SET "lastMessageId" = GREATEST("lastMessageId", (SELECT id FROM m)), "messageCount" = "messageCount" + 1,
      "lastActivityAt" = GREATEST("lastActivityAt", $20::timestamp(3))
    WHERE id = $1::bigint
  )
  SELECT m.*, u.id AS author_id, u.username AS author_username, u."globalName" AS "author_globalName", u.discriminator AS author_discriminator,
    u."avatarHash" AS "author_avatarHash", u.bot AS author_bot, u.system AS author_system, u.locale AS author_locale
  FROM m JOIN "User" u ON u.id = m."authorId"`;
}
