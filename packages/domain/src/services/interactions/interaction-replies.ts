import { type APIMessage, ApplicationCommandType, InteractionType } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { type StoredInteractionMeta, serializeUser } from "../../serializers";
import { type MessageCreateInput, parseForm, zMessageEdit } from "../../validation";
import type { UploadedFile } from "../messages/message-files";
import {
  CHAT_INPUT_COMMAND_MESSAGE,
  CONTEXT_MENU_COMMAND_MESSAGE,
  DEFAULT_MESSAGE,
  LOADING,
} from "../messages/message-rules";
import type { MessageService } from "../messages/messages";
import { memberChannelStanding } from "../shared/access";
import { userSelect } from "../shared/selects";
import type { EphemeralEntry, EphemeralMessages } from "./ephemeral-messages";
import type { InteractionRow } from "./interaction-rows";

/** A message an interaction wrote or answered through: in the channel, or ephemeral (kept 15 minutes). */
export interface ReplyRef {
  id: bigint;
  ephemeral: boolean;
}

/**
 * The messages an interaction writes (spec: Interaction callback and webhook routes): its reply,
 * its follow-ups, and edits and deletions of those and of the component's message, as the
 * application (its bot is the author). In the channel they go through the one messages service
 * (same rows, same MESSAGE_* events as any message); ephemeral ones (flags 64) live only in the
 * short-lived store. Each carries `interaction_metadata` and the older `interaction`.
 */
export class InteractionReplies {
  constructor(
    private readonly ctx: DomainContext,
    private readonly messages: MessageService,
    private readonly ephemeral: EphemeralMessages,
  ) {}

  /**
   * Writes a message for the interaction: `initial` for its reply (type 20 after a slash command,
   * 23 after a user or message command; follow-ups and replies to components are type 0);
   * `loading` for a deferred reply's thinking message (flag 128, empty).
   */
  async write(
    row: InteractionRow,
    input: MessageCreateInput,
    files: UploadedFile[],
    options: { initial: boolean; loading: boolean; ephemeral: boolean },
  ): Promise<APIMessage> {
    const botUserId = await this.botUserId(row);
    const meta = await this.meta(row);
    const type =
      options.initial && row.type === InteractionType.ApplicationCommand
        ? replyType(row.data.commandType)
        : DEFAULT_MESSAGE;
    if (options.ephemeral) {
      const author = await this.ctx.db.user.findUniqueOrThrow({ where: { id: botUserId }, select: userSelect });
      return this.ephemeral.create({
        personId: row.userId,
        channel: { id: row.channelId, guildId: row.guildId },
        author,
        applicationId: row.applicationId,
        interactionId: row.id,
        type,
        meta,
        input,
        files,
        loading: options.loading,
      });
    }
    const access = await memberChannelStanding(this.ctx, row.channelId, botUserId);
    return this.messages.post(access, botUserId, input, {
      files,
      type,
      flags: options.loading ? LOADING : 0,
      interactionMeta: meta,
      applicationId: row.applicationId,
      webhookId: row.applicationId,
      allowEmpty: options.loading,
    });
  }

  /** A message of the interaction as the bot sees it; 10008 when it is gone (an ephemeral one expires or is lost in a restart). */
  async read(row: InteractionRow, ref: ReplyRef): Promise<APIMessage> {
    if (ref.ephemeral) return (await this.ephemeralOf(row, ref.id)).message;
    const botUserId = await this.botUserId(row);
    const message = await this.messages.find(ref.id, row.channelId);
    if (!message || message.authorId !== botUserId) throw Errors.unknownMessage();
    return this.messages.toWire(message, { viewerId: botUserId });
  }

  /** Edits a message of the interaction; `fill` also ends a deferred reply's thinking (clears LOADING). */
  async edit(
    row: InteractionRow,
    ref: ReplyRef,
    body: unknown,
    files: UploadedFile[],
    options: { fill: boolean },
  ): Promise<APIMessage> {
    const clearFlags = options.fill ? LOADING : 0;
    if (ref.ephemeral) {
      const entry = await this.ephemeralOf(row, ref.id);
      const input = parseForm(zMessageEdit, body ?? {});
      return this.ephemeral.edit(entry, input, clearFlags, files);
    }
    const botUserId = await this.botUserId(row);
    const access = await memberChannelStanding(this.ctx, row.channelId, botUserId);
    const message = await this.messages.find(ref.id, row.channelId);
    if (!message || message.authorId !== botUserId) throw Errors.unknownMessage();
    return this.messages.edit(row.channelId, ref.id, botUserId, body, files, { access, clearFlags });
  }

  async remove(row: InteractionRow, ref: ReplyRef): Promise<void> {
    if (ref.ephemeral) return this.ephemeral.delete(await this.ephemeralOf(row, ref.id));
    const botUserId = await this.botUserId(row);
    const access = await memberChannelStanding(this.ctx, row.channelId, botUserId);
    const message = await this.messages.find(ref.id, row.channelId);
    if (!message || message.authorId !== botUserId) throw Errors.unknownMessage();
    await this.messages.delete(row.channelId, ref.id, botUserId, access);
  }

  /** An ephemeral message this interaction's application showed this interaction's person, or 10008. */
  async ephemeralOf(row: InteractionRow, messageId: bigint): Promise<EphemeralEntry> {
    const entry = await this.ephemeral.get(messageId);
    if (!entry || entry.applicationId !== row.applicationId.toString() || entry.personId !== row.userId.toString())
      throw Errors.unknownMessage();
    return entry;
  }

  /** Who used what, as replies keep it. */
  private async meta(row: InteractionRow): Promise<StoredInteractionMeta> {
    const targetId = row.data.targetUserId ? BigInt(row.data.targetUserId) : null;
    const [person, target] = await Promise.all([
      this.ctx.db.user.findUniqueOrThrow({ where: { id: row.userId }, select: userSelect }),
      targetId !== null ? this.ctx.db.user.findUnique({ where: { id: targetId }, select: userSelect }) : null,
    ]);
    const meta: StoredInteractionMeta = {
      id: row.id.toString(),
      type: row.type,
      name: row.data.name,
      user: serializeUser(person, this.ctx.urls),
      authorizing_integration_owners: { "0": row.guildId.toString() },
    };
    if (row.type === InteractionType.ApplicationCommand) meta.command_type = row.data.commandType;
    if (target) meta.target_user = serializeUser(target, this.ctx.urls);
    if (row.data.targetMessageId) meta.target_message_id = row.data.targetMessageId;
    if (row.sourceMessageId !== null) meta.interacted_message_id = row.sourceMessageId.toString();
    return meta;
  }

  private async botUserId(row: InteractionRow): Promise<bigint> {
    const application = await this.ctx.db.application.findUnique({
      where: { id: row.applicationId },
      select: { botUserId: true },
    });
    if (!application) throw Errors.unknownInteraction();
    return application.botUserId;
  }
}

function replyType(commandType: number | undefined): number {
  return commandType === ApplicationCommandType.ChatInput ? CHAT_INPUT_COMMAND_MESSAGE : CONTEXT_MENU_COMMAND_MESSAGE;
}
