import { Prisma } from "@chat/db";
import type { APIMessage } from "discord-api-types/v10";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { type AttachmentUrlQuery, attachmentUrlSecondsLeft } from "../../attachment-links";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import { has, Permission } from "../../permissions";
import { serializeMessage, summarizeReactions } from "../../serializers";
import {
  checkAllowedMentions,
  type MessageCreateInput,
  parseForm,
  zMessageCreate,
  zMessageQuery,
} from "../../validation";
import { reviveThreadForMessage } from "../channels/threads";
import { type ChannelAccess, messageTrafficAccess, requirePermission } from "../shared/access";
import { messageInclude, userSelect } from "../shared/selects";
import { type HistoryQuery, loadHistoryRows } from "./history-pages";
import { bulkDeleteMessages, deleteMessage, editMessage } from "./message-edits";
import { authorMember, guildMember, messageEvent } from "./message-events";
import {
  checkFileLimits,
  loadAttachmentFile,
  type NewAttachment,
  newAttachments,
  type UploadedFile,
} from "./message-files";
import { insertMessage, type NewMessage } from "./message-insert";
import { mentionsRepliedUser, resolveMentions } from "./message-mentions";
import {
  DEFAULT_MESSAGE,
  isSystemMessage,
  REPLY_MESSAGE,
  refuseDmComponents,
  SUPPRESS_EMBEDS,
  SUPPRESS_NOTIFICATIONS,
} from "./message-rules";
import { selectMessageRows } from "./message-rows";
import { loadStarterThreads, type StarterThreads } from "./message-threads";
import { readOwnMessage } from "./read-positions";

export type { UploadedFile } from "./message-files";

/** A message with what `messageInclude` loads (author, attachments, reactions). */
export type MessageRecord = Prisma.MessageGetPayload<{ include: typeof messageInclude }> & {
  /** Whether a thread was started from it, when its row said (selectMessageRows); else unknown. */
  startsThread?: boolean;
};

/** A message checked and resolved by MessageService.prepare, to be written with insertMessage. */
export interface PreparedMessage {
  row: NewMessage;
  attachments: NewAttachment[];
  /** As sent, for the answer. */
  nonce: string | number | null;
}

/** What only some messages are (see MessageService.post). */
export interface PostOptions {
  applicationId?: bigint;
  files?: UploadedFile[];
  /** Default: 19 for a reply, else 0. */
  type?: number;
  /** Flags set beyond SUPPRESS_EMBEDS and SUPPRESS_NOTIFICATIONS from the body (LOADING for a deferred reply). */
  flags?: number;
  /** The interaction the message answers (serialized as interaction_metadata and interaction). */
  interactionMeta?: object;
  webhookId?: bigint;
  allowEmpty?: boolean;
  /** A system notice (a pin's): it leaves an archived thread archived and makes nobody a member. */
  notice?: boolean;
}

const CATEGORY = 4;
const THREAD = 11;

export class MessageService {
  constructor(private ctx: DomainContext) {}

  /** One message of the channel, or null. */
  async find(messageId: bigint, channelId: bigint) {
    const [message] = await selectMessageRows(
      this.ctx.db,
      Prisma.sql`m.id = ${messageId} AND m."channelId" = ${channelId}`,
    );
    return message ?? null;
  }

  /**
   * Messages live in text, voice, DM channels and threads; a category has none (50024).
   * Reading needs View Channel only (spec: Messages), which channelAccess already ensured.
   */
  async messageChannel(channelId: bigint, userId: bigint): Promise<ChannelAccess> {
    const access = await messageTrafficAccess(this.ctx, channelId, userId);
    if (access.channel.type === CATEGORY) throw Errors.wrongChannelType();
    return access;
  }

  /** Whether `userId` may mention @everyone and @here in the channel (the composer offers them then). */
  async mayMentionEveryone(channelId: bigint, userId: bigint): Promise<boolean> {
    const access = await this.messageChannel(channelId, userId);
    return access.guild !== null && has(access.permissions, Permission.MentionEveryone);
  }

  /** Send Messages, or Send Messages in Threads inside a thread (DMs need nothing). */
  requireSend(access: ChannelAccess): void {
    if (!access.guild) return;
    const isThread = access.channel.type === THREAD;
    requirePermission(
      access.permissions,
      Permission.ViewChannel | (isThread ? Permission.SendMessagesInThreads : Permission.SendMessages),
    );
  }

  /**
   * Serializes with the extras that need other rows (mentions, referenced message, reactions as
   * `viewerId` sees them, the thread started from it). `threads`: already known (a new message
   * has started none).
   */
  async toWire(
    message: MessageRecord,
    options: { nonce?: string | number | null; viewerId?: bigint; threads?: StarterThreads } = {},
  ): Promise<APIMessage> {
    const [wire] = (await this.serializeAll([message], options.viewerId, options.threads)) as [APIMessage];
    // As serializeMessage would set it: only a nonce that was sent.
    if (options.nonce !== undefined && options.nonce !== null) wire.nonce = options.nonce;
    return wire;
  }

  /** A page of messages as `viewerId` sees them (batched: see serializeAll). */
  toWireMany(messages: MessageRecord[], viewerId: bigint): Promise<APIMessage[]> {
    return this.serializeAll(messages, viewerId);
  }

  /**
   * Messages with what they need from other rows, loaded once for all of them whatever their
   * number: the threads they (or the messages they reply to) started, the messages they reply
   * to, and every user mentioned in either. A replied-to message carries no nested reply.
   */
  private async serializeAll(
    messages: MessageRecord[],
    viewerId: bigint | undefined,
    knownThreads?: StarterThreads,
  ): Promise<APIMessage[]> {
    const referenceIds = [...new Set(messages.flatMap((m) => (m.referenceMessageId ? [m.referenceMessageId] : [])))];
    const [threads, targets] = await Promise.all([
      knownThreads ?? loadStarterThreads(this.ctx, messages),
      referenceIds.length ? selectMessageRows(this.ctx.db, Prisma.sql`m.id IN (${Prisma.join(referenceIds)})`) : [],
    ]);
    const targetById = new Map(targets.map((t) => [t.id, t]));
    const mentionIds = [...new Set([...messages, ...targets].flatMap((m) => m.mentionUserIds))];
    const users = mentionIds.length
      ? await this.ctx.db.user.findMany({ where: { id: { in: mentionIds } }, select: userSelect })
      : [];
    const userById = new Map(users.map((u) => [u.id, u]));
    const one = (message: MessageRecord, referenced?: APIMessage | null): APIMessage => {
      const mentions = message.mentionUserIds.flatMap((id) => userById.get(id) ?? []);
      const reactions = summarizeReactions(message.reactions, viewerId);
      return serializeMessage(message, this.ctx, {
        mentions,
        referenced,
        reactions,
        thread: threads.get(message.id),
        ...(message.guildId ? {} : { channelType: 1 }),
      });
    };
    return messages.map((message) => {
      if (!message.referenceMessageId) return one(message);
      const target = targetById.get(message.referenceMessageId);
      const sameChannel = target && target.channelId === (message.referenceChannelId ?? message.channelId);
      return one(message, sameChannel ? one(target) : null);
    });
  }

  /** GET /channels/{id}/messages: newest first, `before`/`after`/`around` one at a time. */
  async list(channelId: bigint, userId: bigint, query: unknown) {
    await this.messageChannel(channelId, userId);
    return this.page(channelId, userId, parseForm(zMessageQuery, query ?? {}));
  }

  /**
   * The history a person's web app shows: as `list`, but without Read Message History in a
   * guild channel there is none (`historyHidden`); new messages still reach them live. Bots
   * read with View Channel alone (spec: Messages), so `list` keeps that rule.
   */
  async history(
    channelId: bigint,
    userId: bigint,
    query: unknown,
  ): Promise<{ messages: APIMessage[]; historyHidden: boolean }> {
    const access = await this.messageChannel(channelId, userId);
    const q = parseForm(zMessageQuery, query ?? {});
    if (access.guild && !has(access.permissions, Permission.ReadMessageHistory))
      return { messages: [], historyHidden: true };
    return { messages: await this.page(channelId, userId, q), historyHidden: false };
  }

  private async page(channelId: bigint, userId: bigint, q: HistoryQuery): Promise<APIMessage[]> {
    return this.toWireMany(await loadHistoryRows(this.ctx.db, channelId, q), userId);
  }

  async get(channelId: bigint, messageId: bigint, userId: bigint) {
    await this.messageChannel(channelId, userId);
    const message = await this.find(messageId, channelId);
    if (!message) throw Errors.unknownMessage();
    return this.toWire(message, { viewerId: userId });
  }

  /**
   * Sends a message as `authorId` (a person from the web app or a bot through REST), with
   * `files` sent alongside (multipart).
   */
  async create(
    channelId: bigint,
    authorId: bigint,
    body: unknown,
    options: { applicationId?: bigint; files?: UploadedFile[] } = {},
  ) {
    const access = await this.messageChannel(channelId, authorId);
    this.requireSend(access);
    const input: MessageCreateInput = parseForm(zMessageCreate, body ?? {});
    return this.post(access, authorId, input, options);
  }

  /**
   * Writes a checked message body as `authorId` in the channel of `access`, which the caller
   * has allowed (`create`: Send Messages; an interaction's reply needs none): the same rows and
   * MESSAGE_CREATE for every kind of message. `post` options say what only some messages are:
   * their type (20 and 23 for interaction replies), flags beyond those a body may set (LOADING),
   * the interaction they answer, the application's webhook, and whether they may be empty
   * (a deferred reply is, until filled).
   */
  async post(access: ChannelAccess, authorId: bigint, input: MessageCreateInput, options: PostOptions = {}) {
    const prepared = await this.prepare(access, authorId, input, options);
    // Thread state table: posting in an archived thread reopens it; the poster joins the thread.
    if (!options.notice) await reviveThreadForMessage(this.ctx, access.channel, authorId);
    const created = await insertMessage(this.ctx, prepared.row, prepared.attachments);
    return this.publish(access, created, prepared);
  }

  /**
   * A message as `post` would write it, checked and resolved (reply target, mentions, files)
   * but not written: for a caller that writes it inside a transaction of its own (a pin and
   * its notice) with insertMessage, then calls `publish`.
   */
  async prepare(
    access: ChannelAccess,
    authorId: bigint,
    input: MessageCreateInput,
    options: PostOptions = {},
  ): Promise<PreparedMessage> {
    const channelId = access.channel.id;
    const files = options.files ?? [];
    checkMessageBody(input, files, options.allowEmpty ?? false);
    refuseDmComponents(access, input.components);
    const content = input.content ?? "";
    const reference = await this.replyTarget(channelId, input);
    const mentions = await resolveMentions(this.ctx, access, content, input.allowed_mentions);
    if (
      reference &&
      mentionsRepliedUser(input.allowed_mentions, reference.authorId, authorId) &&
      !mentions.userIds.includes(reference.authorId)
    ) {
      mentions.userIds.push(reference.authorId);
    }
    const flags = ((input.flags ?? 0) & (SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS)) | (options.flags ?? 0);
    const row: NewMessage = {
      channelId,
      guildId: access.channel.guildId,
      authorId,
      content,
      flags,
      nonce: input.nonce != null ? String(input.nonce) : null,
      embeds: input.embeds ?? [],
      components: input.components ?? [],
      mentionEveryone: mentions.everyone,
      mentionUserIds: mentions.userIds,
      mentionRoleIds: mentions.roleIds,
      mentionChannelIds: mentions.channelIds,
      referenceMessageId: reference?.id ?? null,
      referenceChannelId: reference?.channelId ?? null,
      referenceGuildId: reference ? access.channel.guildId : null,
      type: options.type ?? (reference ? REPLY_MESSAGE : DEFAULT_MESSAGE),
      applicationId: options.applicationId ?? null,
      webhookId: options.webhookId ?? null,
      interactionMeta: options.interactionMeta ?? null,
      createdAt: this.ctx.clock.now(),
    };
    return { row, attachments: newAttachments(files, input.attachments), nonce: input.nonce ?? null };
  }

  /** After a prepared message was written: its MESSAGE_CREATE, and the author has read it. Answers it on the wire. */
  async publish(access: ChannelAccess, created: MessageRecord, prepared: PreparedMessage): Promise<APIMessage> {
    // The nonce comes back exactly as sent, string or integer (spec: nonce "returned unchanged").
    // A new message has started no thread; only the message it replies to may have.
    const threads = created.referenceMessageId ? undefined : new Map();
    const wire = await this.toWire(created, { nonce: prepared.nonce, viewerId: created.authorId, threads });
    await emit(
      this.ctx,
      await messageEvent(
        this.ctx,
        GatewayDispatchEvents.MessageCreate,
        wire,
        access.channel,
        authorMember(this.ctx, access, created.author),
      ),
    );
    await readOwnMessage(this.ctx, created.author, access.channel, created.id, access.member?.roleIds ?? []);
    return wire;
  }

  /**
   * A reply's target: a message in the same channel. A missing one fails the send unless
   * `fail_if_not_exists: false`, which sends without the reply (spec: message_reference).
   */
  private async replyTarget(
    channelId: bigint,
    input: MessageCreateInput,
  ): Promise<{ id: bigint; channelId: bigint; authorId: bigint } | null> {
    const requested = input.message_reference;
    if (!requested) return null;
    const sameChannel = requested.channel_id === undefined || requested.channel_id === channelId;
    const target = sameChannel ? await this.find(requested.message_id, channelId) : null;
    if (target && isSystemMessage(target.type)) {
      throw Errors.invalidForm({
        message_reference: {
          _errors: [{ code: "REPLIES_CANNOT_REPLY_TO_SYSTEM_MESSAGE", message: "Cannot reply to a system message" }],
        },
      });
    }
    if (target) return { id: target.id, channelId, authorId: target.authorId };
    if (requested.fail_if_not_exists === false) return null;
    throw Errors.invalidForm({
      message_reference: { _errors: [{ code: "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", message: "Unknown message" }] },
    });
  }

  /**
   * An uploaded file for `{cdn}/attachments/{channel}/{attachment}/{filename}?ex&is&hm`: its
   * bytes as sent, its content type and the seconds its URL still works. Only a URL this
   * service signed (in an answer to someone who could see the message) and not yet expired
   * opens it; a missing, wrong or expired signature or a wrong part is 404 code 0.
   */
  async attachmentFile(channelId: bigint, attachmentId: bigint, filename: string, signature: AttachmentUrlQuery) {
    const secondsLeft = attachmentUrlSecondsLeft(this.ctx, channelId, attachmentId, filename, signature);
    if (secondsLeft === null) throw Errors.notFound();
    return { ...(await loadAttachmentFile(this.ctx, channelId, attachmentId, filename)), secondsLeft };
  }

  /** PATCH: the author's own message only (message-edits.ts); `extra`: an interaction reply's edit. */
  edit(
    channelId: bigint,
    messageId: bigint,
    userId: bigint,
    body: unknown,
    files: UploadedFile[] = [],
    extra: { access?: ChannelAccess; clearFlags?: number; allowEmpty?: boolean } = {},
  ) {
    return editMessage(this.ctx, this, { channelId, messageId, userId, body, files, ...extra });
  }

  /** DELETE: own message, or Manage Messages in a guild (message-edits.ts). */
  delete(channelId: bigint, messageId: bigint, userId: bigint, access?: ChannelAccess): Promise<void> {
    return deleteMessage(this.ctx, this, { channelId, messageId, userId, access });
  }

  /** POST bulk-delete: 2–100 ids with Manage Messages, not in DMs (message-edits.ts). */
  bulkDelete(channelId: bigint, userId: bigint, body: unknown): Promise<void> {
    return bulkDeleteMessages(this.ctx, this, { channelId, userId, body });
  }

  /** POST typing: TYPING_START to who can see the channel; in a DM accepted and silent. */
  async typing(channelId: bigint, userId: bigint): Promise<void> {
    const access = await this.messageChannel(channelId, userId);
    this.requireSend(access);
    const guildId = access.channel.guildId;
    if (!guildId) return;
    const member = await guildMember(this.ctx, guildId, userId);
    await emit(this.ctx, {
      t: GatewayDispatchEvents.TypingStart,
      d: {
        channel_id: channelId.toString(),
        guild_id: guildId.toString(),
        user_id: userId.toString(),
        timestamp: Math.floor(this.ctx.clock.now().getTime() / 1000),
        ...(member ? { member } : {}),
      },
      guildId: guildId.toString(),
      channelId: channelId.toString(),
    });
  }
}

/**
 * What a new message's body must be whatever the channel: allowed mentions that make sense,
 * files within the limits, and something to show (50006) unless it may be empty. Callers that
 * must refuse before acting (an interaction's callback, before it is acknowledged) check it first.
 */
export function checkMessageBody(input: MessageCreateInput, files: UploadedFile[], allowEmpty: boolean): void {
  checkAllowedMentions(input.allowed_mentions);
  checkFileLimits(
    files.length,
    files.reduce((sum, f) => sum + f.data.byteLength, 0),
  );
  const empty =
    (input.content ?? "").trim() === "" &&
    (input.embeds ?? []).length === 0 &&
    (input.components ?? []).length === 0 &&
    files.length === 0;
  if (!allowEmpty && empty) throw Errors.emptyMessage();
}
