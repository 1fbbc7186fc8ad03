import type { Prisma } from "@chat/db";
import type { APIChannel, APIThreadMember } from "discord-api-types/v10";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { viewersOfChannel } from "../../audience";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import {
  type GuildSnapshot,
  has,
  isThreadType,
  type MemberSnapshot,
  Permission,
  visibleThreads,
} from "../../permissions";
import { serializeChannel, serializeMessage } from "../../serializers";
import { parseForm, zThreadCreate, zThreadEdit, zThreadFromMessage } from "../../validation";
import { messageEvent } from "../messages/message-events";
import type { MessageService } from "../messages/messages";
import { type ChannelAccess, channelAccess, guildAccess, requirePermission } from "../shared/access";
import { AuditLogEvent, recordAudit } from "../shared/audit-log";
import { onlyValue } from "../shared/index-order";
import { isUniqueViolation } from "../shared/prisma-errors";
import { channelInclude, messageInclude } from "../shared/selects";

const TEXT = 0;
const PUBLIC_THREAD = 11;
const THREAD_CREATED = 18;
/** Spec (Thread): an active thread archives after a week without messages. */
export const THREAD_IDLE_MS = 7 * 24 * 60 * 60 * 1000;

type GuildChannelAccess = ChannelAccess & { guild: GuildSnapshot; member: MemberSnapshot };

function threadMember(row: { threadId: bigint; userId: bigint; joinedAt: Date }): APIThreadMember {
  return {
    id: row.threadId.toString(),
    user_id: row.userId.toString(),
    join_timestamp: row.joinedAt.toISOString(),
    flags: 0 as APIThreadMember["flags"],
  };
}

/**
 * Spec (Thread): "archived + a message is posted + caller can post → active". Called by the
 * message send after its permission check and before its insert: reopens an archived thread
 * (one THREAD_UPDATE, from whichever request won the conditional update) and makes the poster
 * a member of the thread. Does nothing outside threads.
 */
export async function reviveThreadForMessage(
  ctx: DomainContext,
  channel: { id: bigint; type: number; guildId: bigint | null },
  authorId: bigint,
): Promise<void> {
  if (channel.type !== PUBLIC_THREAD || channel.guildId === null) return;
  const now = ctx.clock.now();
  const { count } = await ctx.db.channel.updateMany({
    where: { id: channel.id, archived: true },
    data: { archived: false, archivedAt: now, lastActivityAt: now },
  });
  await addThreadMember(ctx, channel.id, authorId, now);
  if (count === 1) await emitThread(ctx, GatewayDispatchEvents.ThreadUpdate, channel.id);
}

/** Makes a user a member of a thread; already being one is fine (two requests may race). */
async function addThreadMember(ctx: DomainContext, threadId: bigint, userId: bigint, joinedAt: Date): Promise<void> {
  try {
    await ctx.db.threadMember.upsert({
      where: { threadId_userId: { threadId, userId } },
      create: { threadId, userId, joinedAt },
      update: {},
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** THREAD_CREATE / THREAD_UPDATE to those who can see the thread's parent channel; null when the thread is gone. */
async function emitThread(
  ctx: DomainContext,
  t: GatewayDispatchEvents.ThreadCreate | GatewayDispatchEvents.ThreadUpdate,
  threadId: bigint,
  extra: { newly_created?: true } = {},
): Promise<APIChannel | null> {
  const thread = await ctx.db.channel.findUnique({ where: { id: threadId }, include: channelInclude });
  if (!thread?.guildId) return null;
  const wire = serializeChannel(thread, ctx.urls);
  await emit(ctx, { t, d: { ...wire, ...extra }, guildId: thread.guildId.toString(), channelId: thread.id.toString() });
  return wire;
}

/** THREAD_CREATE (`newly_created`) of a thread just made; Unknown Channel if it was deleted before it could be announced. */
async function announceNewThread(ctx: DomainContext, threadId: bigint): Promise<APIChannel> {
  const wire = await emitThread(ctx, GatewayDispatchEvents.ThreadCreate, threadId, { newly_created: true });
  if (!wire) throw Errors.unknownChannel();
  return wire;
}

/** Threads: creation (from a message or not), membership, the state table, listings. */
export class ThreadService {
  constructor(
    private ctx: DomainContext,
    private messages: MessageService,
  ) {}

  /** A text channel the caller can see, where threads may start; DMs 50003, other kinds 50024. */
  private async textChannel(channelId: bigint, userId: bigint): Promise<GuildChannelAccess> {
    const access = await channelAccess(this.ctx, channelId, userId);
    if (!access.guild || !access.member) throw Errors.dmChannelAction();
    if (access.channel.type !== TEXT) throw Errors.wrongChannelType();
    return access as GuildChannelAccess;
  }

  /** A thread the caller can see; DMs 50003, other channels 50024. */
  private async thread(channelId: bigint, userId: bigint): Promise<GuildChannelAccess> {
    const access = await channelAccess(this.ctx, channelId, userId);
    if (!access.guild || !access.member) throw Errors.dmChannelAction();
    if (!isThreadType(access.channel.type)) throw Errors.wrongChannelType();
    return access as GuildChannelAccess;
  }

  /**
   * POST /channels/{channel}/messages/{message}/threads: one thread per message (160004). As on
   * the reference platform the thread takes the message's id (channels and messages share one id
   * sequence), and the message, now carrying HAS_THREAD and `thread`, gets a MESSAGE_UPDATE
   * after the THREAD_CREATE.
   */
  async createFromMessage(channelId: bigint, messageId: bigint, userId: bigint, body: unknown): Promise<APIChannel> {
    const access = await this.textChannel(channelId, userId);
    requirePermission(access.permissions, Permission.CreatePublicThreads);
    const input = parseForm(zThreadFromMessage, body ?? {});
    const message = await this.ctx.db.message.findUnique({ where: { id: messageId }, select: { channelId: true } });
    if (!message || message.channelId !== channelId) throw Errors.unknownMessage();
    if (await this.ctx.db.channel.findUnique({ where: { starterMessageId: messageId }, select: { id: true } }))
      throw Errors.threadAlreadyExists();

    const now = this.ctx.clock.now();
    let threadId: bigint;
    try {
      threadId = await this.ctx.db.$transaction(async (tx) => {
        const thread = await insertThread(tx, {
          id: messageId,
          guildId: access.guild.id,
          parentId: channelId,
          ownerId: userId,
          name: input.name,
          autoArchiveDuration: input.auto_archive_duration,
          starterMessageId: messageId,
          now,
        });
        await recordAudit(tx, {
          guildId: access.guild.id,
          userId,
          actionType: AuditLogEvent.ThreadCreate,
          targetId: thread.id,
        });
        return thread.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.threadAlreadyExists();
      throw error;
    }
    const wire = await announceNewThread(this.ctx, threadId);
    const starter = await this.messages.find(messageId, channelId);
    if (starter)
      await emit(
        this.ctx,
        await messageEvent(
          this.ctx,
          GatewayDispatchEvents.MessageUpdate,
          await this.messages.toWire(starter),
          access.channel,
        ),
      );
    return wire;
  }

  /**
   * POST /channels/{channel}/threads: a public thread without a starter message; a system
   * message (type 18) announcing it is posted in the channel.
   */
  async create(channelId: bigint, userId: bigint, body: unknown): Promise<APIChannel> {
    const access = await this.textChannel(channelId, userId);
    requirePermission(access.permissions, Permission.CreatePublicThreads);
    const input = parseForm(zThreadCreate, body ?? {});
    const now = this.ctx.clock.now();
    const guildId = access.guild.id;
    const { threadId, announcement } = await this.ctx.db.$transaction(async (tx) => {
      const thread = await insertThread(tx, {
        guildId,
        parentId: channelId,
        ownerId: userId,
        name: input.name,
        autoArchiveDuration: input.auto_archive_duration,
        now,
      });
      const message = await tx.message.create({
        data: {
          channelId,
          guildId,
          authorId: userId,
          content: input.name,
          type: THREAD_CREATED,
          referenceChannelId: thread.id,
          referenceGuildId: guildId,
          createdAt: now,
        },
        include: messageInclude,
      });
      await tx.channel.update({
        where: { id: channelId },
        data: { lastMessageId: message.id, messageCount: { increment: 1 }, lastActivityAt: now },
      });
      await recordAudit(tx, { guildId, userId, actionType: AuditLogEvent.ThreadCreate, targetId: thread.id });
      return { threadId: thread.id, announcement: message };
    });
    const wire = await announceNewThread(this.ctx, threadId);
    await emit(
      this.ctx,
      await messageEvent(
        this.ctx,
        GatewayDispatchEvents.MessageCreate,
        serializeMessage(announcement, this.ctx),
        access.channel,
      ),
    );
    return wire;
  }

  /**
   * PATCH /channels/{thread} (the thread state table): only `name` and `archived`. Renaming
   * and archiving need the thread's starter or Manage Messages; unarchiving, the right to post.
   */
  async update(access: GuildChannelAccess, userId: bigint, body: unknown): Promise<APIChannel> {
    const input = parseForm(zThreadEdit, body ?? {});
    const thread = access.channel;
    const moderates = thread.ownerId === userId || has(access.permissions, Permission.ManageMessages);
    const canPost = has(access.permissions, Permission.ViewChannel | Permission.SendMessagesInThreads);
    const now = this.ctx.clock.now();
    const data: { name?: string; archived?: boolean; archivedAt?: Date; lastActivityAt?: Date } = {};
    if (input.name !== undefined && input.name !== thread.name) {
      if (!moderates) throw Errors.missingPermissions();
      data.name = input.name;
    }
    if (input.archived === true && !thread.archived) {
      if (!moderates) throw Errors.missingPermissions();
      Object.assign(data, { archived: true, archivedAt: now });
    }
    if (input.archived === false && thread.archived) {
      if (!canPost) throw Errors.missingPermissions();
      Object.assign(data, { archived: false, archivedAt: now, lastActivityAt: now });
    }
    if (Object.keys(data).length === 0) return serializeChannel(thread, this.ctx.urls);
    // Conditional on the state read, so a concurrent archive or unarchive is not announced twice.
    const { count } = await this.ctx.db.channel.updateMany({
      where: { id: thread.id, archived: thread.archived },
      data,
    });
    if (count === 1) {
      const wire = await emitThread(this.ctx, GatewayDispatchEvents.ThreadUpdate, thread.id);
      if (wire) return wire;
    }
    const current = await this.ctx.db.channel.findUnique({ where: { id: thread.id }, include: channelInclude });
    if (!current) throw Errors.unknownChannel();
    return serializeChannel(current, this.ctx.urls);
  }

  /** DELETE /channels/{thread}: Manage Messages; THREAD_DELETE to those who could see it. */
  async remove(access: GuildChannelAccess, userId: bigint): Promise<APIChannel> {
    requirePermission(access.permissions, Permission.ManageMessages);
    const thread = access.channel;
    const guildId = access.guild.id;
    const audience = [...(await viewersOfChannel(this.ctx.db, guildId, thread.id))];
    const wire = serializeChannel(thread, this.ctx.urls);
    await this.ctx.db.$transaction(async (tx) => {
      await tx.channel.delete({ where: { id: thread.id } });
      await recordAudit(tx, {
        guildId,
        userId,
        actionType: AuditLogEvent.ThreadDelete,
        targetId: thread.id,
        changes: [{ key: "name", old_value: thread.name ?? "" }],
      });
    });
    if (audience.length > 0) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.ThreadDelete,
        d: {
          id: thread.id.toString(),
          guild_id: guildId.toString(),
          parent_id: String(thread.parentId),
          type: thread.type,
        },
        guildId: guildId.toString(),
        userIds: audience,
      });
    }
    return wire;
  }

  /** PUT /channels/{thread}/thread-members/@me: View Channel (already implied by seeing it). */
  async join(channelId: bigint, userId: bigint): Promise<void> {
    const access = await this.thread(channelId, userId);
    requirePermission(access.permissions, Permission.ViewChannel);
    await addThreadMember(this.ctx, channelId, userId, this.ctx.clock.now());
  }

  /** DELETE /channels/{thread}/thread-members/@me: no permission needed. */
  async leave(channelId: bigint, userId: bigint): Promise<void> {
    await this.thread(channelId, userId);
    await this.ctx.db.threadMember.deleteMany({ where: { threadId: channelId, userId } });
  }

  /** GET /channels/{thread}/thread-members: View Channel. */
  async members(channelId: bigint, userId: bigint): Promise<APIThreadMember[]> {
    const access = await this.thread(channelId, userId);
    requirePermission(access.permissions, Permission.ViewChannel);
    const rows = await this.ctx.db.threadMember.findMany({
      where: { threadId: channelId },
      orderBy: [{ joinedAt: "asc" }, { userId: "asc" }],
    });
    return rows.map(threadMember);
  }

  /** GET /channels/{channel}/threads/archived/public: everything at once, newest archive first. */
  async archivedPublic(
    channelId: bigint,
    userId: bigint,
  ): Promise<{ threads: APIChannel[]; members: APIThreadMember[]; has_more: false }> {
    const access = await this.textChannel(channelId, userId);
    requirePermission(access.permissions, Permission.ViewChannel);
    const threads = await this.ctx.db.channel.findMany({
      // The parent as a range: a generic plan then expects a few rows, not a third of all channels (shared/index-order.ts).
      where: { parentId: onlyValue(channelId), type: PUBLIC_THREAD, archived: true },
      include: channelInclude,
      orderBy: [{ archivedAt: "desc" }, { id: "desc" }],
    });
    return {
      threads: threads.map((c) => serializeChannel(c, this.ctx.urls)),
      members: await this.ownMemberships(threads, userId),
      has_more: false,
    };
  }

  /** GET /guilds/{guild}/threads/active: active threads in channels the caller can see. */
  async activeInGuild(
    guildId: bigint,
    userId: bigint,
  ): Promise<{ threads: APIChannel[]; members: APIThreadMember[]; has_more: false }> {
    const access = await guildAccess(this.ctx, guildId, userId);
    const channels = await this.ctx.db.channel.findMany({
      where: { guildId },
      include: channelInclude,
      orderBy: { id: "asc" },
    });
    const threads = visibleThreads(access.guild, access.member, channels).filter((c) => !c.archived);
    // `has_more` as the reference's own description requires it of this answer too.
    return {
      threads: threads.map((c) => serializeChannel(c, this.ctx.urls)),
      members: await this.ownMemberships(threads, userId),
      has_more: false,
    };
  }

  /** The caller's own thread member objects for the listed threads. */
  private async ownMemberships(threads: { id: bigint }[], userId: bigint): Promise<APIThreadMember[]> {
    if (threads.length === 0) return [];
    const rows = await this.ctx.db.threadMember.findMany({
      where: { userId, threadId: { in: threads.map((t) => t.id) } },
      orderBy: { threadId: "asc" },
    });
    return rows.map(threadMember);
  }

  /**
   * Housekeeping: archives active threads that had no message for a week. Each thread is
   * archived by a conditional update so that, with several nodes, one THREAD_UPDATE is sent.
   */
  async archiveIdle(): Promise<void> {
    const now = this.ctx.clock.now();
    const cutoff = new Date(now.getTime() - THREAD_IDLE_MS);
    const idle = await this.ctx.db.channel.findMany({
      where: { type: PUBLIC_THREAD, archived: false, lastActivityAt: { lte: cutoff } },
      select: { id: true },
      orderBy: { id: "asc" },
      take: 500,
    });
    for (const { id } of idle) {
      const { count } = await this.ctx.db.channel.updateMany({
        where: { id, archived: false, lastActivityAt: { lte: cutoff } },
        data: { archived: true, archivedAt: now },
      });
      if (count === 1) await emitThread(this.ctx, GatewayDispatchEvents.ThreadUpdate, id);
    }
  }
}

/**
 * A new public thread with its creator as its first member (both creation routes); `id` given
 * for a thread started from a message (the message's), else the next of the id sequence.
 */
async function insertThread(
  tx: Prisma.TransactionClient,
  t: {
    id?: bigint;
    guildId: bigint;
    parentId: bigint;
    ownerId: bigint;
    name: string;
    autoArchiveDuration?: number | null;
    starterMessageId?: bigint;
    now: Date;
  },
) {
  const thread = await tx.channel.create({
    data: {
      ...(t.id !== undefined ? { id: t.id } : {}),
      guildId: t.guildId,
      type: PUBLIC_THREAD,
      name: t.name,
      parentId: t.parentId,
      ownerId: t.ownerId,
      starterMessageId: t.starterMessageId ?? null,
      autoArchiveDuration: t.autoArchiveDuration ?? 10080,
      createdAt: t.now,
      lastActivityAt: t.now,
    },
  });
  await tx.threadMember.create({ data: { threadId: thread.id, userId: t.ownerId, joinedAt: t.now } });
  return thread;
}
