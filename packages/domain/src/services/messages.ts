import type { APIMessage } from "discord-api-types/v10";
import type { DomainContext } from "../context";
import { emit } from "../context";
import { Errors } from "../errors";
import { Permission } from "../permissions";
import { serializeMember, serializeMessage } from "../serializers";
import { type MessageCreateInput, parseForm, zMessageCreate, zMessageQuery } from "../validation";
import { type ChannelAccess, channelAccess, requirePermission } from "./access";
import { memberInclude, messageInclude, userSelect } from "./selects";

type MessageRecord = NonNullable<Awaited<ReturnType<MessageService["load"]>>>;

const SUPPRESS_EMBEDS = 1 << 2;
const SUPPRESS_NOTIFICATIONS = 1 << 12;
const CATEGORY = 4;
const REPLY = 19;

export class MessageService {
  constructor(private ctx: DomainContext) {}

  private async load(messageId: bigint, channelId: bigint) {
    const message = await this.ctx.db.message.findUnique({ where: { id: messageId }, include: messageInclude });
    if (!message || message.channelId !== channelId) return null;
    return message;
  }

  /**
   * Messages live in text, voice, DM channels and threads; a category has none (50024).
   * Reading needs View Channel only (spec: Messages), which channelAccess already ensured.
   */
  private requireMessageChannel(access: ChannelAccess): void {
    if (access.channel.type === CATEGORY) throw Errors.wrongChannelType();
  }

  /** Serializes with the extras that need other rows (mentions, referenced message). */
  async toWire(message: MessageRecord, options: { depth?: number; nonce?: string | number | null } = {}): Promise<APIMessage> {
    const mentions = message.mentionUserIds.length
      ? await this.ctx.db.user.findMany({ where: { id: { in: message.mentionUserIds } }, select: userSelect })
      : [];
    let referenced: APIMessage | null = null;
    if (message.referenceMessageId && (options.depth ?? 0) < 1) {
      const target = await this.load(message.referenceMessageId, message.referenceChannelId ?? message.channelId);
      referenced = target ? await this.toWire(target, { depth: 1 }) : null;
    }
    return serializeMessage(message, this.ctx.urls, { mentions, referenced, nonce: options.nonce, ...(message.guildId ? {} : { channelType: 1 }) });
  }

  /** GET /channels/{id}/messages: newest first, `before`/`after`/`around` one at a time. */
  async list(channelId: bigint, userId: bigint, query: unknown) {
    const access = await channelAccess(this.ctx, channelId, userId);
    this.requireMessageChannel(access);
    const q = parseForm(zMessageQuery, query);
    let rows: MessageRecord[] = [];
    if (q.around !== undefined) {
      const half = Math.floor(q.limit / 2);
      const newer = await this.ctx.db.message.findMany({ where: { channelId, id: { gte: q.around } }, orderBy: { id: "asc" }, take: q.limit - half, include: messageInclude });
      const older = await this.ctx.db.message.findMany({ where: { channelId, id: { lt: q.around } }, orderBy: { id: "desc" }, take: half, include: messageInclude });
      rows = [...newer.reverse(), ...older];
    } else if (q.after !== undefined) {
      const found = await this.ctx.db.message.findMany({ where: { channelId, id: { gt: q.after } }, orderBy: { id: "asc" }, take: q.limit, include: messageInclude });
      rows = found.reverse();
    } else {
      rows = await this.ctx.db.message.findMany({
        where: { channelId, ...(q.before !== undefined ? { id: { lt: q.before } } : {}) },
        orderBy: { id: "desc" },
        take: q.limit,
        include: messageInclude,
      });
    }
    return Promise.all(rows.map((m) => this.toWire(m)));
  }

  async get(channelId: bigint, messageId: bigint, userId: bigint) {
    const access = await channelAccess(this.ctx, channelId, userId);
    this.requireMessageChannel(access);
    const message = await this.load(messageId, channelId);
    if (!message) throw Errors.unknownMessage();
    return this.toWire(message);
  }

  /** Sends a message as `authorId` (a person from the web app or a bot through REST). */
  async create(channelId: bigint, authorId: bigint, body: unknown, options: { applicationId?: bigint } = {}) {
    const access = await channelAccess(this.ctx, channelId, authorId);
    this.requireMessageChannel(access);
    if (access.guild) {
      const isThread = access.channel.type === 11;
      requirePermission(access.permissions, Permission.ViewChannel | (isThread ? Permission.SendMessagesInThreads : Permission.SendMessages));
    }
    const input: MessageCreateInput = parseForm(zMessageCreate, body ?? {});
    const content = input.content ?? "";
    const embeds = input.embeds ?? [];
    const components = input.components ?? [];
    if (content.trim() === "" && embeds.length === 0 && components.length === 0) throw Errors.emptyMessage();

    const reference = await this.replyTarget(channelId, input);
    const mentionUserIds = await this.mentionedUsers(content, access);
    if (reference && this.mentionsRepliedUser(input, reference.authorId, authorId) && !mentionUserIds.includes(reference.authorId)) {
      mentionUserIds.push(reference.authorId);
    }
    const flags = (input.flags ?? 0) & (SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS);
    const created = await this.ctx.db.$transaction(async (tx) => {
      const message = await tx.message.create({
        data: {
          channelId,
          guildId: access.channel.guildId,
          authorId,
          content,
          flags,
          tts: false,
          nonce: input.nonce != null ? String(input.nonce) : null,
          embeds: embeds as object[],
          components: components as object[],
          mentionUserIds,
          referenceMessageId: reference?.id ?? null,
          referenceChannelId: reference?.channelId ?? null,
          referenceGuildId: reference ? access.channel.guildId : null,
          type: reference ? REPLY : 0,
          applicationId: options.applicationId ?? null,
        },
        include: messageInclude,
      });
      await tx.channel.update({ where: { id: channelId }, data: { lastMessageId: message.id, messageCount: { increment: 1 }, lastActivityAt: this.ctx.clock.now() } });
      return message;
    });
    // The nonce comes back exactly as sent, string or integer (spec: nonce "returned unchanged").
    const wire = await this.toWire(created, { nonce: input.nonce ?? null });
    await emit(this.ctx, await this.createEvent(wire, access));
    return wire;
  }

  /**
   * A reply's target: a message in the same channel. A missing one fails the send unless
   * `fail_if_not_exists: false`, which sends without the reply (spec: message_reference).
   */
  private async replyTarget(channelId: bigint, input: MessageCreateInput): Promise<{ id: bigint; channelId: bigint; authorId: bigint } | null> {
    const requested = input.message_reference;
    if (!requested) return null;
    const sameChannel = requested.channel_id === undefined || requested.channel_id === channelId;
    const target = sameChannel ? await this.load(requested.message_id, channelId) : null;
    if (target) return { id: target.id, channelId, authorId: target.authorId };
    if (requested.fail_if_not_exists === false) return null;
    throw Errors.invalidForm({ message_reference: { _errors: [{ code: "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", message: "Unknown message" }] } });
  }

  /** A reply mentions the replied-to author unless allowed_mentions says otherwise (the reference platform's default). */
  private mentionsRepliedUser(input: MessageCreateInput, repliedAuthorId: bigint, authorId: bigint): boolean {
    if (repliedAuthorId === authorId) return false;
    return !input.allowed_mentions || input.allowed_mentions.replied_user === true;
  }

  private async createEvent(wire: APIMessage, access: ChannelAccess) {
    const channelId = access.channel.id.toString();
    if (!access.channel.guildId) {
      const recipients = await this.ctx.db.dmRecipient.findMany({ where: { channelId: access.channel.id }, select: { userId: true } });
      return { t: "MESSAGE_CREATE", d: wire, channelId, userIds: recipients.map((r) => r.userId.toString()) };
    }
    const member = await this.ctx.db.member.findUnique({
      where: { guildId_userId: { guildId: access.channel.guildId, userId: BigInt(wire.author.id) } },
      include: memberInclude,
    });
    const { user: _user, ...partialMember } = member ? serializeMember(member, this.ctx.urls) : { user: undefined };
    return {
      t: "MESSAGE_CREATE",
      d: { ...wire, guild_id: access.channel.guildId.toString(), ...(member ? { member: partialMember } : {}) },
      guildId: access.channel.guildId.toString(),
      channelId,
    };
  }

  /** Users written as <@id> who can be mentioned here (members of the guild, or the DM's recipients). */
  private async mentionedUsers(content: string, access: ChannelAccess): Promise<bigint[]> {
    const ids = [...new Set([...content.matchAll(/<@!?([0-9]{1,19})>/g)].map((m) => BigInt(m[1] as string)))].slice(0, 100);
    if (ids.length === 0) return [];
    if (access.channel.guildId) {
      const members = await this.ctx.db.member.findMany({ where: { guildId: access.channel.guildId, userId: { in: ids } }, select: { userId: true } });
      return members.map((m) => m.userId);
    }
    const recipients = await this.ctx.db.dmRecipient.findMany({ where: { channelId: access.channel.id, userId: { in: ids } }, select: { userId: true } });
    return recipients.map((r) => r.userId);
  }
}
