/**
 * A public thread as the web app lists and opens it. A pure function of the wire channel, free
 * of server code: the browser turns THREAD_CREATE / THREAD_UPDATE into the same view.
 */
export interface ThreadView {
  id: string;
  guildId: string;
  /** The text channel it belongs to. */
  parentId: string;
  name: string;
  archived: boolean;
  /** Who started it (may archive and rename it, as may those with Manage Messages). */
  ownerId: string | null;
  messageCount: number;
  memberCount: number;
  /** The newest message's id, or null before the first message. */
  lastMessageId: string | null;
  /** When it was archived or last unarchived; its creation before either. */
  archivedAt: string;
  createdAt: string;
}

interface WireThread {
  id: string;
  type: number;
  guild_id?: string;
  parent_id?: string | null;
  name?: string | null;
  owner_id?: string;
  message_count?: number;
  member_count?: number;
  last_message_id?: string | null;
  thread_metadata?: { archived: boolean; archive_timestamp: string; create_timestamp?: string };
}

const PUBLIC_THREAD = 11;

/** The view of a public thread; null for any other channel. */
export function threadView(channel: WireThread): ThreadView | null {
  if (channel.type !== PUBLIC_THREAD || !channel.guild_id || !channel.parent_id) return null;
  const meta = channel.thread_metadata;
  return {
    id: channel.id,
    guildId: channel.guild_id,
    parentId: channel.parent_id,
    name: channel.name ?? "",
    archived: meta?.archived ?? false,
    ownerId: channel.owner_id ?? null,
    messageCount: channel.message_count ?? 0,
    memberCount: channel.member_count ?? 0,
    lastMessageId: channel.last_message_id ?? null,
    archivedAt: meta?.archive_timestamp ?? new Date(0).toISOString(),
    createdAt: meta?.create_timestamp ?? meta?.archive_timestamp ?? new Date(0).toISOString(),
  };
}
