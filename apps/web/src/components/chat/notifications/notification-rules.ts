import type { GatewayMessageCreateDispatchData } from "discord-api-types/v10";

/** What the tab knows when a message arrives. */
export interface NotificationContext {
  meId: string;
  /** This person's roles in a guild (empty when not loaded: a role mention then does not notify). */
  myRoleIds(guildId: string): ReadonlySet<string>;
  mutedGuild(guildId: string): boolean;
  /** Whether the person is looking at this channel right now (tab visible, channel open). */
  looking(channelId: string): boolean;
  channelName(guildId: string, channelId: string): string | null;
  guildName(guildId: string): string | null;
}

export interface DesktopNotification {
  title: string;
  body: string;
  /** Where a click on it goes. */
  path: string;
  /** One notification per message, even when several tabs show it. */
  tag: string;
}

const BODY_MAX = 140;
/** A message sent with SUPPRESS_NOTIFICATIONS ("@silent") counts as unread but notifies nobody. */
const SUPPRESS_NOTIFICATIONS = 1 << 12;

function authorName(message: GatewayMessageCreateDispatchData): string {
  return message.member?.nick || message.author.global_name || message.author.username;
}

/** The content as a person reads it: mentions by name, custom emoji by name, cut short. */
function readableBody(message: GatewayMessageCreateDispatchData): string {
  const names = new Map(message.mentions.map((u) => [u.id, u.global_name || u.username]));
  const text = message.content
    .replace(/<@!?(\d+)>/g, (_, id: string) => `@${names.get(id) ?? "someone"}`)
    .replace(/<a?:(\w+):\d+>/g, ":$1:")
    .replace(/<#\d+>/g, "#channel")
    .replace(/<@&\d+>/g, "@role")
    .trim();
  if (text) return text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
  if (message.attachments.length > 0)
    return message.attachments.length === 1 ? "Sent a file" : `Sent ${message.attachments.length} files`;
  return message.embeds.length > 0 ? "Sent an embed" : "Sent a message";
}

/**
 * The desktop notification a new message deserves, or null: DMs and mentions of this person
 * (by name, by a role of theirs, `@everyone`/`@here` when it counted) from someone else, in a
 * guild they have not muted, not sent silently, and not in the channel they are looking at.
 */
export function notificationFor(
  message: GatewayMessageCreateDispatchData,
  context: NotificationContext,
): DesktopNotification | null {
  if (message.author.id === context.meId || context.looking(message.channel_id)) return null;
  if (((message.flags ?? 0) & SUPPRESS_NOTIFICATIONS) !== 0) return null;
  const guildId = message.guild_id;
  const author = authorName(message);
  if (!guildId)
    return { title: author, body: readableBody(message), path: `/channels/@me/${message.channel_id}`, tag: message.id };
  if (context.mutedGuild(guildId)) return null;
  const roles = context.myRoleIds(guildId);
  const mentioned =
    message.mention_everyone ||
    message.mentions.some((u) => u.id === context.meId) ||
    message.mention_roles.some((id) => roles.has(id));
  if (!mentioned) return null;
  const channel = context.channelName(guildId, message.channel_id);
  const guild = context.guildName(guildId);
  const place = [channel ? `#${channel}` : null, guild].filter(Boolean).join(", ");
  return {
    title: place ? `${author} (${place})` : author,
    body: readableBody(message),
    path: `/channels/${guildId}/${message.channel_id}`,
    tag: message.id,
  };
}
