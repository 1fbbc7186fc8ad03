import { applicationIconUrl, has, Permission, type PublicUrls } from "@chat/domain";

/** Compact shapes the web UI renders; ids stay decimal strings. */
export interface UserView {
  id: string;
  username: string;
  displayName: string;
  bot: boolean;
}

export interface MessageView {
  id: string;
  channelId: string;
  content: string;
  createdAt: string;
  editedAt: string | null;
  author: UserView;
  attachments: AttachmentView[];
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
}

export interface GuildView {
  id: string;
  name: string;
  owner: boolean;
  /** Manage Guild (the owner and administrators have it): may add bots. */
  canManage: boolean;
}

export interface MemberView {
  user: UserView;
  nick: string | null;
  joinedAt: string;
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
}

export function userView(user: WireUser): UserView {
  return { id: user.id, username: user.username, displayName: user.global_name || user.username, bot: user.bot === true };
}

export function userRowView(user: { id: bigint; username: string; globalName: string | null; bot: boolean }): UserView {
  return userView({ id: user.id.toString(), username: user.username, global_name: user.globalName, bot: user.bot });
}

interface WireAttachment {
  id: string;
  filename: string;
  url: string;
  content_type?: string;
  size: number;
}

const INLINE_IMAGE = /^image\/(png|jpeg|gif|webp|avif)$/;

/** A message as the REST API serializes it (or as a MESSAGE_CREATE event carries it). */
export function messageView(message: { id: string; channel_id: string; content: string; timestamp: string; edited_timestamp: string | null; author: WireUser; attachments?: WireAttachment[] }): MessageView {
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
    })),
  };
}

const KIND_BY_TYPE: Record<number, ChannelKind> = { 0: "text", 2: "voice", 4: "category" };

export function channelView(channel: { id: string; type: number; guild_id?: string; name?: string | null; topic?: string | null; parent_id?: string | null; position?: number }): ChannelView {
  return {
    id: channel.id,
    guildId: channel.guild_id ?? null,
    name: channel.name ?? "",
    kind: KIND_BY_TYPE[channel.type] ?? "other",
    topic: channel.topic ?? null,
    parentId: channel.parent_id ?? null,
    position: channel.position ?? 0,
  };
}

export function guildView(guild: { id: string; name: string; owner: boolean; permissions: string }): GuildView {
  return { id: guild.id, name: guild.name, owner: guild.owner, canManage: has(BigInt(guild.permissions), Permission.ManageGuild) };
}

export function memberView(member: { user?: WireUser; nick?: string | null; joined_at: string | null }): MemberView | null {
  if (!member.user) return null;
  return { user: userView(member.user), nick: member.nick ?? null, joinedAt: member.joined_at ?? "" };
}

export function applicationView(
  app: { id: bigint; name: string; iconHash: string | null; createdAt: Date; botUser: { id: bigint; username: string; globalName: string | null; bot: boolean } },
  urls: PublicUrls,
): ApplicationView {
  return { id: app.id.toString(), name: app.name, iconUrl: applicationIconUrl(urls, app.id, app.iconHash), createdAt: app.createdAt.toISOString(), bot: userRowView(app.botUser) };
}
