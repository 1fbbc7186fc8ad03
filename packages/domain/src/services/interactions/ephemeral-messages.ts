import type { ShortLivedStore } from "@chat/ephemeral";
import { EPHEMERAL_MESSAGE_CREATE, EPHEMERAL_MESSAGE_DELETE, EPHEMERAL_MESSAGE_UPDATE } from "@chat/events";
import { type APIAttachment, type APIMessage, MessageFlags } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import { type MessageRow, type StoredInteractionMeta, serializeMessage, type UserRow } from "../../serializers";
import type { AttachmentEntryInput, MessageCreateInput, MessageEditInput } from "../../validation";
import { checkFileLimits, newAttachments, type UploadedFile } from "../messages/message-files";
import { LOADING, SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS } from "../messages/message-rules";
import { storeApplicationFile } from "../uploads/upload-rows";
import { ephemeralAttachment } from "../uploads/upload-service";

/** Spec: Limits, "Ephemeral message edits and components: 15 minutes". */
export const EPHEMERAL_LIFETIME_MS = 15 * 60_000;

/** An ephemeral message as kept: the message as its person sees it, and whose it is. */
export interface EphemeralEntry {
  message: APIMessage;
  /** The one person who sees it. */
  personId: string;
  channelId: string;
  guildId: string;
  applicationId: string;
  /** The interaction it answers. */
  interactionId: string;
  createdAt: string;
}

export interface NewEphemeral {
  personId: bigint;
  channel: { id: bigint; guildId: bigint };
  author: UserRow;
  applicationId: bigint;
  interactionId: bigint;
  type: number;
  meta: StoredInteractionMeta;
  input: Pick<MessageCreateInput, "content" | "embeds" | "components" | "flags" | "attachments">;
  /** Files sent with it (multipart), kept as the application's uploads for as long as their addresses work. */
  files?: UploadedFile[];
  /** A deferred reply's thinking message (flag 128, LOADING). */
  loading: boolean;
}

/** The rule stored messages follow (50006): something to show, unless it is a thinking message. */
function isEmpty(
  content: string | null | undefined,
  embeds: readonly unknown[] | null | undefined,
  components: readonly unknown[] | null | undefined,
  attachments: readonly unknown[] = [],
): boolean {
  return (
    (content ?? "").trim() === "" &&
    (embeds ?? []).length === 0 &&
    (components ?? []).length === 0 &&
    attachments.length === 0
  );
}

const key = (messageId: string | bigint) => `ephemeral-message:${messageId}`;

/**
 * Messages only one person sees (flags 64): never stored for the channel, kept 15 minutes in
 * the short-lived store (memory on one node, Redis with several; a restart of where they are
 * kept loses them, and the bot then gets 10008), and shown to the person's open tabs through
 * EPHEMERAL_MESSAGE_* person events. Their mentions ping no one; their files are kept apart (storeFiles).
 */
export class EphemeralMessages {
  constructor(
    private readonly ctx: DomainContext,
    private readonly store: ShortLivedStore,
  ) {}

  async create(args: NewEphemeral): Promise<APIMessage> {
    const files = args.files ?? [];
    checkFileLimits(
      files.length,
      files.reduce((sum, f) => sum + f.data.byteLength, 0),
    );
    if (!args.loading && isEmpty(args.input.content, args.input.embeds, args.input.components, files))
      throw Errors.emptyMessage();
    const [{ id }] = await this.ctx.db.$queryRaw<[{ id: bigint }]>`SELECT nextval('global_id_seq') AS "id"`;
    const now = this.ctx.clock.now();
    const flags =
      MessageFlags.Ephemeral |
      ((args.input.flags ?? 0) & (SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS)) |
      (args.loading ? MessageFlags.Loading : 0);
    const row: MessageRow = {
      id,
      channelId: args.channel.id,
      guildId: args.channel.guildId,
      authorId: args.author.id,
      author: args.author,
      content: args.input.content ?? "",
      type: args.type,
      flags,
      tts: false,
      nonce: null,
      embeds: args.input.embeds ?? [],
      components: args.input.components ?? [],
      mentionEveryone: false,
      mentionRoleIds: [],
      pinned: false,
      referenceMessageId: null,
      referenceChannelId: null,
      referenceGuildId: null,
      applicationId: args.applicationId,
      webhookId: args.applicationId,
      editedAt: null,
      createdAt: now,
      attachments: [],
      interactionMeta: args.meta,
    };
    const owner = { uploaderId: args.author.id, channelId: args.channel.id, applicationId: args.applicationId };
    const message = {
      ...serializeMessage(row, this.ctx),
      attachments: await this.storeFiles(owner, files, args.input.attachments),
    };
    const entry: EphemeralEntry = {
      message,
      personId: args.personId.toString(),
      channelId: args.channel.id.toString(),
      guildId: args.channel.guildId.toString(),
      applicationId: args.applicationId.toString(),
      interactionId: args.interactionId.toString(),
      createdAt: now.toISOString(),
    };
    await this.store.put(key(id), entry, EPHEMERAL_LIFETIME_MS);
    await emit(this.ctx, { t: EPHEMERAL_MESSAGE_CREATE, d: message, personId: entry.personId });
    return message;
  }

  /** The entry of a kept ephemeral message, or null (never was one, deleted, expired, or lost in a restart). */
  get(messageId: bigint | string): Promise<EphemeralEntry | null> {
    return this.store.get<EphemeralEntry>(key(messageId));
  }

  /**
   * Edits a kept message: absent fields stay; `flags` may only toggle SUPPRESS_EMBEDS; `clearFlags`
   * goes whatever the body says (LOADING, when a deferred reply is filled). 10008 once it is gone.
   */
  async edit(
    entry: EphemeralEntry,
    input: MessageEditInput,
    clearFlags = 0,
    files: UploadedFile[] = [],
  ): Promise<APIMessage> {
    const current = entry.message;
    const entries = input.attachments;
    const kept =
      entries == null
        ? current.attachments
        : current.attachments.filter((a) => entries.some((e) => e.id.toString() === a.id));
    checkFileLimits(
      kept.length + files.length,
      files.reduce((sum, f) => sum + f.data.byteLength, 0),
    );
    const flagsNow = current.flags ?? 0;
    const flags =
      (input.flags != null ? (flagsNow & ~SUPPRESS_EMBEDS) | (input.flags & SUPPRESS_EMBEDS) : flagsNow) & ~clearFlags;
    const edited: APIMessage = {
      ...current,
      ...(input.content !== undefined ? { content: input.content ?? "" } : {}),
      ...(input.embeds !== undefined ? { embeds: (input.embeds ?? []) as APIMessage["embeds"] } : {}),
      ...(input.components !== undefined ? { components: (input.components ?? []) as APIMessage["components"] } : {}),
      attachments: kept,
      flags,
      // Filling a deferred reply's thinking message is its first content, not an edit.
      edited_timestamp: flagsNow & LOADING & ~flags ? current.edited_timestamp : this.ctx.clock.now().toISOString(),
    };
    if (
      (flags & MessageFlags.Loading) === 0 &&
      isEmpty(edited.content, edited.embeds, edited.components, [...kept, ...files])
    )
      throw Errors.emptyMessage();
    if (files.length > 0) {
      const owner = {
        uploaderId: BigInt(current.author.id),
        channelId: BigInt(entry.channelId),
        applicationId: BigInt(entry.applicationId),
      };
      edited.attachments = [...kept, ...(await this.storeFiles(owner, files, entries))];
    }
    // Embeds and components take the answer's shape, as a stored message's do.
    const reshaped = input.embeds !== undefined || input.components !== undefined ? this.reshape(edited) : edited;
    const next: EphemeralEntry = { ...entry, message: reshaped };
    if (!(await this.store.replace(key(current.id), next))) throw Errors.unknownMessage();
    await emit(this.ctx, { t: EPHEMERAL_MESSAGE_UPDATE, d: reshaped, personId: entry.personId });
    return reshaped;
  }

  async delete(entry: EphemeralEntry): Promise<void> {
    if (!(await this.store.delete(key(entry.message.id)))) throw Errors.unknownMessage();
    await emit(this.ctx, {
      t: EPHEMERAL_MESSAGE_DELETE,
      d: { id: entry.message.id, channel_id: entry.channelId },
      personId: entry.personId,
    });
  }

  /**
   * An ephemeral message's files are never the channel's: they are kept as uploads its
   * application used, at signed ephemeral-attachments addresses working an hour (longer than
   * the message lives), removed by housekeeping after that.
   */
  private async storeFiles(
    owner: { uploaderId: bigint; channelId: bigint; applicationId: bigint },
    files: UploadedFile[],
    entries: AttachmentEntryInput[] | null | undefined,
  ): Promise<APIAttachment[]> {
    const stored: APIAttachment[] = [];
    for (const file of newAttachments(files, entries)) {
      const upload = await storeApplicationFile(this.ctx.db, owner, file);
      stored.push({
        ...ephemeralAttachment(this.ctx, owner.applicationId, upload),
        ...(file.description ? { description: file.description } : {}),
      });
    }
    return stored;
  }

  /** Embeds and components as serializeMessage gives them (defaults filled, ids numbered). */
  private reshape(message: APIMessage): APIMessage {
    const row = {
      id: BigInt(message.id),
      channelId: BigInt(message.channel_id),
      guildId: null,
      authorId: BigInt(message.author.id),
      author: {
        id: BigInt(message.author.id),
        username: message.author.username,
        globalName: message.author.global_name,
        discriminator: message.author.discriminator,
        avatarHash: message.author.avatar,
        bot: message.author.bot ?? false,
      },
      content: message.content,
      type: message.type,
      flags: message.flags ?? 0,
      tts: false,
      nonce: null,
      embeds: message.embeds,
      components: message.components ?? [],
      mentionEveryone: false,
      mentionRoleIds: [],
      pinned: false,
      referenceMessageId: null,
      referenceChannelId: null,
      referenceGuildId: null,
      applicationId: null,
      webhookId: null,
      editedAt: null,
      createdAt: new Date(message.timestamp),
    } satisfies MessageRow;
    const { embeds, components } = serializeMessage(row, this.ctx);
    return { ...message, embeds, components };
  }
}
