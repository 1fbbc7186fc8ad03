import type { ReadStateView } from "@chat/api";
import { compareIds } from "../messages/message-merge";

/**
 * A channel's read state with a new message counted: its last message moves on, and a mention
 * of the person counts once. Idempotent, as the live patches must be (the query patcher applies
 * a patch again when a fetch in flight lands): a message the state already knows of (its last
 * message is that one or newer, the server's answer included it) changes nothing.
 */
export function withNewMessage(state: ReadStateView, messageId: string, mentioned: boolean): ReadStateView {
  if (state.lastMessageId !== null && compareIds(messageId, state.lastMessageId) <= 0) return state;
  return { ...state, lastMessageId: messageId, mentionCount: state.mentionCount + (mentioned ? 1 : 0) };
}

/** Whether a channel has messages after where the person has read up to. */
export function isUnread(state: ReadStateView | undefined): boolean {
  if (!state?.lastMessageId) return false;
  return state.lastReadId === null || compareIds(state.lastMessageId, state.lastReadId) > 0;
}

export interface GuildBadge {
  unread: boolean;
  mentions: number;
}

/** What the screen shows of the read states: per channel, per guild, and the mentions in all. */
export interface ReadStateIndex {
  byChannel: ReadonlyMap<string, ReadStateView>;
  byGuild: ReadonlyMap<string, GuildBadge>;
  /** The DMs together: the Home icon's badge. */
  home: GuildBadge;
  totalMentions: number;
}

export function indexReadStates(states: readonly ReadStateView[] | undefined): ReadStateIndex {
  const byChannel = new Map<string, ReadStateView>();
  const byGuild = new Map<string, GuildBadge>();
  let totalMentions = 0;
  const home: GuildBadge = { unread: false, mentions: 0 };
  for (const state of states ?? []) {
    byChannel.set(state.channelId, state);
    totalMentions += state.mentionCount;
    if (!state.guildId) {
      home.unread ||= isUnread(state);
      home.mentions += state.mentionCount;
      continue;
    }
    const badge = byGuild.get(state.guildId) ?? { unread: false, mentions: 0 };
    byGuild.set(state.guildId, {
      unread: badge.unread || isUnread(state),
      mentions: badge.mentions + state.mentionCount,
    });
  }
  return { byChannel, byGuild, home, totalMentions };
}

/** "3 mentions", "1 mention", or null when there are none. */
export function mentionLabel(count: number): string | null {
  if (count <= 0) return null;
  return count === 1 ? "1 mention" : `${count} mentions`;
}
