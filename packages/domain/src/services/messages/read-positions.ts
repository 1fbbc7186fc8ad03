import type { Db, Prisma } from "@chat/db";
import { READ_STATE_UPDATE } from "@chat/events";
import type { DomainContext } from "../../context";
import { emit } from "../../context";

/** A channel as read states name it. */
export interface ReadChannel {
  id: bigint;
  /** Null for a DM. */
  guildId: bigint | null;
}

/**
 * Moves the person's read position in a channel forward to `messageId`, in one statement (two
 * acknowledgements at once cannot move it back). True when it moved; false when it was already
 * there or further.
 */
export async function advanceReadPosition(
  db: Db,
  userId: bigint,
  channelId: bigint,
  messageId: bigint,
): Promise<boolean> {
  const moved = await db.$queryRaw<unknown[]>`
    INSERT INTO "ReadState" ("userId", "channelId", "lastReadMessageId", "updatedAt")
    VALUES (${userId}, ${channelId}, ${messageId}, CURRENT_TIMESTAMP)
    ON CONFLICT ("userId", "channelId") DO UPDATE
      SET "lastReadMessageId" = EXCLUDED."lastReadMessageId", "updatedAt" = EXCLUDED."updatedAt"
      WHERE "ReadState"."lastReadMessageId" < EXCLUDED."lastReadMessageId"
    RETURNING 1`;
  return moved.length > 0;
}

/**
 * A person joining a guild starts with each of its channels read up to its newest message:
 * what was written before they joined is not unread. (Ids are a sequence, not timestamps, so
 * the join point is written down rather than worked out from joinedAt later.) A rejoin moves
 * older positions up to the join the same way.
 */
export async function readGuildUpToNow(tx: Prisma.TransactionClient, userId: bigint, guildId: bigint): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "ReadState" ("userId", "channelId", "lastReadMessageId", "updatedAt")
    SELECT ${userId}, c."id", c."lastMessageId", CURRENT_TIMESTAMP FROM "Channel" c
    WHERE c."guildId" = ${guildId} AND c."lastMessageId" IS NOT NULL
    ON CONFLICT ("userId", "channelId") DO UPDATE
      SET "lastReadMessageId" = EXCLUDED."lastReadMessageId", "updatedAt" = EXCLUDED."updatedAt"
      WHERE "ReadState"."lastReadMessageId" < EXCLUDED."lastReadMessageId"`;
}

/**
 * The messages that mention the person, as a filter: not their own, and naming them, a role
 * of theirs (`roleIds`: role ids are unique across guilds) or @everyone; in a DM every message
 * of the other side counts.
 */
export function mentioning(userId: bigint, roleIds: readonly bigint[]): Prisma.MessageWhereInput {
  return {
    authorId: { not: userId },
    OR: [
      { guildId: null },
      { mentionEveryone: true },
      { mentionUserIds: { has: userId } },
      ...(roleIds.length > 0 ? [{ mentionRoleIds: { hasSome: [...roleIds] } }] : []),
    ],
  };
}

/** The mentions of the person in one channel after a read position. */
export function mentionsAfter(
  db: Db,
  channelId: bigint,
  position: bigint,
  userId: bigint,
  roleIds: readonly bigint[],
): Promise<number> {
  return db.message.count({ where: { channelId, id: { gt: position }, ...mentioning(userId, roleIds) } });
}

/** Tells every tab of the person (on every web process) where they have read up to now. */
export async function announceReadState(
  ctx: DomainContext,
  userId: bigint,
  channel: ReadChannel,
  lastReadId: bigint,
  mentionCount: number,
): Promise<void> {
  await emit(ctx, {
    t: READ_STATE_UPDATE,
    d: {
      channel_id: channel.id.toString(),
      guild_id: channel.guildId?.toString() ?? null,
      last_read_id: lastReadId.toString(),
      mention_count: mentionCount,
    },
    personId: userId.toString(),
  });
}

/**
 * A person's own message is read: their position moves to it and their tabs hear so (with the
 * mentions still after it: usually none). Bots keep no read states.
 */
export async function readOwnMessage(
  ctx: DomainContext,
  author: { id: bigint; bot: boolean },
  channel: ReadChannel,
  messageId: bigint,
  roleIds: readonly bigint[],
): Promise<void> {
  if (author.bot) return;
  if (!(await advanceReadPosition(ctx.db, author.id, channel.id, messageId))) return;
  await announceReadState(
    ctx,
    author.id,
    channel,
    messageId,
    await mentionsAfter(ctx.db, channel.id, messageId, author.id, roleIds),
  );
}
