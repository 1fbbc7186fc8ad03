import type { APIChannel, APIEmbed, APIMessage, APIUser } from "discord-api-types/v10";
import { type AttachmentSigning, signedAttachmentUrl, signEmbedAttachmentUrls } from "../attachment-links";
import { zComponentRows } from "../validation/message-components";
import { serializeUser, type UserRow } from "./user";

export interface AttachmentRow {
  id: bigint;
  filename: string;
  description: string | null;
  contentType: string | null;
  size: number;
}

export interface ReactionSummary {
  emojiName: string | null;
  emojiId: bigint | null;
  count: number;
  me: boolean;
}

export interface MessageRow {
  id: bigint;
  channelId: bigint;
  guildId: bigint | null;
  authorId: bigint;
  author: UserRow;
  content: string;
  type: number;
  flags: number;
  tts: boolean;
  nonce: string | null;
  embeds: unknown;
  components: unknown;
  mentionEveryone: boolean;
  mentionRoleIds: bigint[];
  pinned: boolean;
  referenceMessageId: bigint | null;
  referenceChannelId: bigint | null;
  referenceGuildId: bigint | null;
  applicationId: bigint | null;
  webhookId: bigint | null;
  editedAt: Date | null;
  createdAt: Date;
  attachments?: AttachmentRow[];
  /** The interaction the message answers, as stored when it was written (StoredInteractionMeta). */
  interactionMeta?: unknown;
}

/**
 * What an interaction reply keeps of its interaction: who used what. `user` is the person as
 * they were then, serialized whole (discord.js needs the full user object).
 */
export interface StoredInteractionMeta {
  id: string;
  /** 2 command, 3 component. */
  type: number;
  /** The command's name, or the component's custom_id. */
  name: string;
  command_type?: number;
  user: APIUser;
  authorizing_integration_owners: Record<string, string>;
  target_user?: APIUser;
  target_message_id?: string;
  interacted_message_id?: string;
}

export interface MessageExtras {
  mentions?: UserRow[];
  reactions?: ReactionSummary[];
  /**
   * A reply's target when it was looked up: the message, or null when it is gone (the reference
   * platform's meaning of null). Left undefined (the key absent) when not looked up, e.g. for a
   * replied-to message shown nested in another reply.
   */
  referenced?: APIMessage | null;
  /** The thread started from this message: sent as `thread`, with the HAS_THREAD flag. */
  thread?: APIChannel;
  /** DMs: the channel type clients need when the channel is not cached. */
  channelType?: number;
  /** Echoed, unchanged, only in the answer to (and the event of) the request that carried it. */
  nonce?: string | number | null;
}

/** Message flag: a thread was started from this message (the thread has the message's id). */
export const HAS_THREAD = 1 << 5;

/** A stored value without its null-valued keys, at every depth (array items are kept). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/**
 * An embed as stored (as sent) in the answer's shape: `type` defaults to `rich`, fields' `inline`
 * to false, and keys sent as null (`author: null`, `footer: null`, ...) are left out, as the
 * reference platform never sends null inside an embed (Oceanic.js reads `.name` of a null author).
 */
export function serializeEmbed(embed: Record<string, unknown>): APIEmbed {
  const present = withoutNulls(embed) as Record<string, unknown>;
  const fields = Array.isArray(present.fields)
    ? { fields: (present.fields as Record<string, unknown>[]).map((f) => ({ ...f, inline: f.inline === true })) }
    : {};
  return { ...present, type: typeof present.type === "string" ? present.type : "rich", ...fields } as APIEmbed;
}

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

/**
 * Components as stored (as sent) in the answer's shape: every component gets a numeric `id`
 * when it has none (depth first, from 1, skipping ids already used, as the reference platform
 * numbers them) and selects their default `min_values` / `max_values` of 1. Rows stored before
 * components were validated, which a bot library could fail to parse, are answered as none.
 */
export function serializeComponents(stored: unknown[]): unknown[] {
  if (stored.length === 0) return [];
  const valid = zComponentRows.safeParse(stored);
  const components: unknown[] = valid.success ? valid.data : [];
  const used = new Set<number>();
  const collect = (list: unknown[]) => {
    for (const c of list as Record<string, unknown>[]) {
      if (typeof c?.id === "number") used.add(c.id);
      if (Array.isArray(c?.components)) collect(c.components);
    }
  };
  collect(components);
  let next = 1;
  const nextId = () => {
    while (used.has(next)) next++;
    used.add(next);
    return next;
  };
  const fill = (list: unknown[]): unknown[] =>
    (list as Record<string, unknown>[]).map((c) => {
      if (!c || typeof c !== "object") return c;
      const out: Record<string, unknown> = { ...c, id: typeof c.id === "number" ? c.id : nextId() };
      if (SELECT_TYPES.has(c.type as number)) {
        out.min_values = typeof c.min_values === "number" ? c.min_values : 1;
        out.max_values = typeof c.max_values === "number" ? c.max_values : 1;
      }
      if (Array.isArray(c.components)) out.components = fill(c.components);
      return out;
    });
  return fill(components);
}

/** A message's answer shape; its files' addresses (and embeds naming them) are signed afresh, valid for 24 hours. */
export function serializeMessage(
  message: MessageRow,
  context: AttachmentSigning,
  extras: MessageExtras = {},
): APIMessage {
  const { urls } = context;
  // One signing time per answer: a file's URL is the same wherever the answer names it.
  const signedAt = context.clock.now();
  const signing = { ...context, clock: { now: () => signedAt } };
  const attachments = message.attachments ?? [];
  const storedEmbeds = (message.embeds as Record<string, unknown>[] | null) ?? [];
  const wire: Record<string, unknown> = {
    id: message.id.toString(),
    channel_id: message.channelId.toString(),
    author: serializeUser(message.author, urls),
    content: message.content,
    timestamp: message.createdAt.toISOString(),
    edited_timestamp: message.editedAt?.toISOString() ?? null,
    tts: message.tts,
    mention_everyone: message.mentionEveryone,
    mentions: (extras.mentions ?? []).map((u) => serializeUser(u, urls)),
    mention_roles: message.mentionRoleIds.map((id) => id.toString()),
    attachments: attachments.map((a) => {
      const url = signedAttachmentUrl(signing, message.channelId, a);
      return {
        id: a.id.toString(),
        filename: a.filename,
        ...(a.description ? { description: a.description } : {}),
        ...(a.contentType ? { content_type: a.contentType } : {}),
        size: a.size,
        url,
        proxy_url: url,
      };
    }),
    embeds: (
      signEmbedAttachmentUrls(signing, storedEmbeds, message.channelId, attachments) as Record<string, unknown>[]
    ).map(serializeEmbed),
    components: serializeComponents((message.components as unknown[] | null) ?? []),
    pinned: message.pinned,
    type: message.type,
    // HAS_THREAD follows the thread's existence (it goes with the thread), never the stored flags.
    flags: extras.thread ? message.flags | HAS_THREAD : message.flags & ~HAS_THREAD,
  };
  if (message.guildId) wire.guild_id = message.guildId.toString();
  if (extras.reactions && extras.reactions.length > 0) {
    wire.reactions = extras.reactions.map((r) => ({
      emoji: { id: r.emojiId?.toString() ?? null, name: r.emojiName },
      count: r.count,
      count_details: { burst: 0, normal: r.count },
      me: r.me,
      me_burst: false,
      burst_colors: [],
    }));
  }
  if (message.applicationId) wire.application_id = message.applicationId.toString();
  if (message.webhookId) wire.webhook_id = message.webhookId.toString();
  if (message.referenceMessageId) {
    wire.message_reference = {
      type: 0,
      message_id: message.referenceMessageId.toString(),
      channel_id: (message.referenceChannelId ?? message.channelId).toString(),
      ...(message.referenceGuildId ? { guild_id: message.referenceGuildId.toString() } : {}),
    };
    if (extras.referenced !== undefined) wire.referenced_message = extras.referenced;
  }
  if (message.interactionMeta) Object.assign(wire, interactionFields(message.interactionMeta as StoredInteractionMeta));
  if (extras.thread) wire.thread = extras.thread;
  if (extras.channelType !== undefined) wire.channel_type = extras.channelType;
  if (extras.nonce !== undefined && extras.nonce !== null) wire.nonce = extras.nonce;
  return wire as unknown as APIMessage;
}

/** A reply's `interaction_metadata` (with the command's name and type, as the reference platform now sends them) and the older `interaction`. */
function interactionFields(meta: StoredInteractionMeta): Pick<APIMessage, "interaction_metadata" | "interaction"> {
  const { name, command_type, ...metadata } = meta;
  const command = meta.type === 2 ? { name, command_type } : {};
  return {
    interaction_metadata: { ...metadata, ...command } as APIMessage["interaction_metadata"],
    interaction: { id: meta.id, type: meta.type, name, user: meta.user } as APIMessage["interaction"],
  };
}
