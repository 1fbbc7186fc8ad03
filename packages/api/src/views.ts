import type { ShownStatus } from "@chat/presence";
import { PermissionFlagsBits, PresenceUpdateStatus } from "discord-api-types/v10";
import { type ComponentRowView, componentRowsView } from "./component-views";
import { type EmbedView, embedsView } from "./embed-views";

export * from "./command-views";
export * from "./component-views";
export * from "./embed-views";
export * from "./http-url";
export * from "./thread-views";
export * from "./voice-views";

/**
 * Compact shapes the web UI renders; ids stay decimal strings. Pure functions of wire payloads,
 * free of server code: the browser turns live events into these views with the same functions.
 */
export interface UserView {
  id: string;
  username: string;
  displayName: string;
  bot: boolean;
  /** The picture's hash (`{cdn}/avatars/{id}/{hash}.png`); absent without one (initials instead). */
  avatar?: string | null;
}

export interface MessageView {
  id: string;
  channelId: string;
  content: string;
  createdAt: string;
  editedAt: string | null;
  author: UserView;
  attachments: AttachmentView[];
  /** Buttons and selects (of a bot's message). */
  components: ComponentRowView[];
  embeds: EmbedView[];
  /** The users the content mentions (their pills show these names). */
  mentions: UserView[];
  mentionRoleIds: string[];
  /** `@everyone` or `@here` mentioned everyone (the author could). */
  mentionEveryone: boolean;
  flags: number;
  /** A reply to someone's use of a command or component: shown as "<person> used /command". */
  interaction: InteractionHeaderView | null;
  /** Only the person who used the command sees it (flag 64); kept in their tab until reload or dismissal. */
  ephemeral: boolean;
  /** A deferred reply not filled yet (flag 128): "<bot> is thinking…". */
  loading: boolean;
  /** What the author's tab sent with it, so that tab can swap its copy for this one as soon as it arrives. */
  nonce?: string;
  /** The wire's message type: 19 a reply, 6 "pinned a message" (a system row), 0 plain. */
  type: number;
  /** What a reply (or a pin's system message) points at; null for none. */
  reference: MessageReferenceView | null;
  reactions: ReactionView[];
  pinned: boolean;
}

/**
 * The message a reply quotes: `message` null when it was deleted, undefined when not looked up
 * (the wire leaves `referenced_message` out then).
 */
export interface MessageReferenceView {
  messageId: string;
  message?: { id: string; author: UserView; content: string; attachments: number; embeds: number } | null;
}

/** One emoji's reactions on a message: `me` when the viewer is among them. */
export interface ReactionView {
  emoji: { id: string | null; name: string | null; animated: boolean };
  count: number;
  me: boolean;
}

/**
 * Who used what a reply answers. `kind`: a slash command (shown as `/name`), a user or message
 * command (its name as is), or a component of an earlier message.
 */
export interface InteractionHeaderView {
  userId: string;
  userDisplayName: string;
  name: string;
  kind: "slash" | "user" | "message" | "component";
}

/** A file of a message; `url` is signed and works for 24 hours (get the message again for a new one). */
export interface AttachmentView {
  id: string;
  filename: string;
  url: string;
  contentType: string | null;
  size: number;
  /** A picture the browser shows inline. */
  image: boolean;
  /** A video the browser plays inline. */
  video: boolean;
  /** The sender's description (alt text), if any. */
  description: string | null;
}

export type ChannelKind = "text" | "voice" | "category" | "other";

export interface ChannelView {
  id: string;
  guildId: string | null;
  name: string;
  kind: ChannelKind;
  topic: string | null;
  parentId: string | null;
  position: number;
  /** The wire's channel type (0 text, 2 voice, 4 category, 5 announcement, ...): command options filter by it. */
  type: number;
}

export interface RoleView {
  id: string;
  name: string;
  /** 0 when the role has no colour. */
  color: number;
  position: number;
  /** The guild's @everyone role (its id is the guild's). */
  everyone: boolean;
  /** Its members are listed in a group of their own. */
  hoist: boolean;
}

export function roleView(
  role: { id: string; name: string; color: number; position: number; hoist: boolean },
  guildId: string,
): RoleView {
  const everyone = role.id === guildId;
  return {
    id: role.id,
    name: everyone ? "@everyone" : role.name,
    color: role.color,
    position: role.position,
    everyone,
    hoist: role.hoist,
  };
}

export interface GuildView {
  id: string;
  name: string;
  /** The icon's hash (`{cdn}/icons/{id}/{hash}.png`), or null: initials instead. */
  icon: string | null;
  owner: boolean;
  /** Manage Guild (the owner and administrators have it): may add bots. */
  canManage: boolean;
}

/** A member's presence as others see it: people online while a tab is open, bots by their gateway status. */
export type MemberStatus = "online" | "idle" | "offline";

export interface MemberView {
  user: UserView;
  nick: string | null;
  /** The member's role ids (mentions of these roles mention them). */
  roles: string[];
  joinedAt: string;
  status: MemberStatus;
}

export interface ApplicationView {
  id: string;
  name: string;
  /** The application's picture, or null (the UI shows initials). */
  iconUrl: string | null;
  createdAt: string;
  bot: UserView;
}

interface WireUser {
  id: string;
  username: string;
  global_name?: string | null;
  bot?: boolean;
  avatar?: string | null;
}

export function userView(user: WireUser): UserView {
  return {
    id: user.id,
    username: user.username,
    displayName: user.global_name || user.username,
    bot: user.bot === true,
    ...(user.avatar ? { avatar: user.avatar } : {}),
  };
}

export function userRowView(user: {
  id: bigint;
  username: string;
  globalName: string | null;
  bot: boolean;
  avatarHash?: string | null;
}): UserView {
  return userView({
    id: user.id.toString(),
    username: user.username,
    global_name: user.globalName,
    bot: user.bot,
    avatar: user.avatarHash ?? null,
  });
}

interface WireAttachment {
  id: string;
  filename: string;
  url: string;
  content_type?: string;
  size: number;
  description?: string;
}

const INLINE_IMAGE = /^image\/(png|jpeg|gif|webp|avif)$/;
/** Containers browsers play without extra codecs (a QuickTime file downloads instead). */
const INLINE_VIDEO = /^video\/(mp4|webm|ogg)(;|$)/;

/** Message flags the web app reads. */
export const MessageFlag = { Ephemeral: 64, Loading: 128 } as const;

/** Message types of replies to commands: 20 a slash command, 23 a user or message command. */
const CHAT_INPUT_COMMAND = 20;
const CONTEXT_MENU_COMMAND = 23;

interface WireInteractionFields {
  type?: number;
  /** The newer field: who used it and how (a user command names its target user, a message command its target message). */
  interaction_metadata?: {
    type: number;
    user: WireUser;
    name?: string;
    target_user?: unknown;
    target_message_id?: string;
  };
  /** The older field: carries the command's name. */
  interaction?: { type: number; name: string; user: WireUser };
}

/** "<person> used /command": from `interaction_metadata` (its full user) with the older `interaction`'s name. */
export function interactionHeaderView(message: WireInteractionFields): InteractionHeaderView | null {
  const metadata = message.interaction_metadata;
  const older = message.interaction;
  const user = metadata?.user ?? older?.user;
  if (!user) return null;
  const name = older?.name ?? metadata?.name ?? "";
  const interactionType = metadata?.type ?? older?.type;
  let kind: InteractionHeaderView["kind"];
  if (interactionType === 3) kind = "component";
  else if (message.type === CONTEXT_MENU_COMMAND) kind = metadata?.target_message_id ? "message" : "user";
  else if (message.type === CHAT_INPUT_COMMAND || interactionType === 2) kind = "slash";
  else return null;
  return { userId: user.id, userDisplayName: userView(user).displayName, name, kind };
}

/** A message as the REST API serializes it (or as a MESSAGE_CREATE event, or an ephemeral message, carries it). */
export function messageView(
  message: {
    id: string;
    channel_id: string;
    content: string;
    timestamp: string;
    edited_timestamp: string | null;
    author: WireUser;
    attachments?: WireAttachment[];
    components?: readonly unknown[];
    embeds?: readonly unknown[];
    mentions?: WireUser[];
    mention_roles?: string[];
    mention_everyone?: boolean;
    flags?: number;
    nonce?: string | number | null;
    type?: number;
    pinned?: boolean;
    message_reference?: { message_id?: string };
    referenced_message?: {
      id: string;
      author: WireUser;
      content: string;
      attachments?: readonly unknown[];
      embeds?: readonly unknown[];
    } | null;
    reactions?: readonly {
      emoji: { id: string | null; name: string | null; animated?: boolean };
      count: number;
      me: boolean;
    }[];
  } & WireInteractionFields,
): MessageView {
  const flags = message.flags ?? 0;
  return {
    id: message.id,
    channelId: message.channel_id,
    content: message.content,
    createdAt: message.timestamp,
    editedAt: message.edited_timestamp,
    author: userView(message.author),
    attachments: (message.attachments ?? []).map((a) => ({
      id: a.id,
      filename: a.filename,
      url: a.url,
      contentType: a.content_type ?? null,
      size: a.size,
      image: INLINE_IMAGE.test(a.content_type ?? ""),
      video: INLINE_VIDEO.test(a.content_type ?? ""),
      description: a.description ?? null,
    })),
    components: componentRowsView(message.components),
    embeds: embedsView(message.embeds),
    mentions: (message.mentions ?? []).map(userView),
    mentionRoleIds: message.mention_roles ?? [],
    mentionEveryone: message.mention_everyone === true,
    flags,
    interaction: interactionHeaderView(message),
    ephemeral: (flags & MessageFlag.Ephemeral) !== 0,
    loading: (flags & MessageFlag.Loading) !== 0,
    ...(typeof message.nonce === "string" ? { nonce: message.nonce } : {}),
    type: message.type ?? 0,
    reference: referenceView(message),
    reactions: (message.reactions ?? []).map((r) => ({
      emoji: { id: r.emoji.id, name: r.emoji.name, animated: r.emoji.animated === true },
      count: r.count,
      me: r.me,
    })),
    pinned: message.pinned === true,
  };
}

function referenceView(message: Parameters<typeof messageView>[0]): MessageReferenceView | null {
  const messageId = message.message_reference?.message_id;
  if (!messageId) return null;
  const target = message.referenced_message;
  if (target === undefined) return { messageId };
  if (target === null) return { messageId, message: null };
  return {
    messageId,
    message: {
      id: target.id,
      author: userView(target.author),
      content: target.content,
      attachments: target.attachments?.length ?? 0,
      embeds: target.embeds?.length ?? 0,
    },
  };
}

const KIND_BY_TYPE: Record<number, ChannelKind> = { 0: "text", 2: "voice", 4: "category" };

export function channelView(channel: {
  id: string;
  type: number;
  guild_id?: string;
  name?: string | null;
  topic?: string | null;
  parent_id?: string | null;
  position?: number;
}): ChannelView {
  return {
    id: channel.id,
    guildId: channel.guild_id ?? null,
    name: channel.name ?? "",
    kind: KIND_BY_TYPE[channel.type] ?? "other",
    topic: channel.topic ?? null,
    parentId: channel.parent_id ?? null,
    position: channel.position ?? 0,
    type: channel.type,
  };
}

export function guildView(guild: {
  id: string;
  name: string;
  icon?: string | null;
  owner: boolean;
  permissions: string;
}): GuildView {
  // The list computes `permissions` whole (the owner and administrators hold every bit).
  const canManage = (BigInt(guild.permissions) & PermissionFlagsBits.ManageGuild) !== 0n;
  return { id: guild.id, name: guild.name, icon: guild.icon ?? null, owner: guild.owner, canManage };
}

/** `statuses`: those not offline (a presence store's answer). */
export function memberView(
  member: { user?: WireUser; nick?: string | null; roles?: readonly string[]; joined_at: string | null },
  statuses: ReadonlyMap<string, ShownStatus>,
): MemberView | null {
  if (!member.user) return null;
  const status = statuses.get(member.user.id) ?? PresenceUpdateStatus.Offline;
  return {
    user: userView(member.user),
    nick: member.nick ?? null,
    roles: [...(member.roles ?? [])],
    joinedAt: member.joined_at ?? "",
    status: MEMBER_STATUS[status],
  };
}

const MEMBER_STATUS: Record<ShownStatus, MemberStatus> = {
  [PresenceUpdateStatus.Online]: "online",
  [PresenceUpdateStatus.Idle]: "idle",
  [PresenceUpdateStatus.Offline]: "offline",
};
