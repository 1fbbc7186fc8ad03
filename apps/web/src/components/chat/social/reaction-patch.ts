import type { MessageView, ReactionView } from "@chat/api/views";

type Emoji = { id: string | null; name: string | null; animated?: boolean };

function sameEmoji(a: Emoji, b: Emoji): boolean {
  return a.id || b.id ? a.id === b.id : a.name === b.name;
}

/**
 * One reaction added to or taken from a message's chips. The person's own (`byMe`) changes
 * only what `me` says is not so yet, so their tab's own change and its event count once.
 */
export function changeReaction(
  reactions: readonly ReactionView[],
  emoji: Emoji,
  change: "add" | "remove",
  byMe: boolean,
): ReactionView[] {
  const current = reactions.find((r) => sameEmoji(r.emoji, emoji));
  if (change === "add") {
    if (!current)
      return [
        ...reactions,
        { emoji: { id: emoji.id, name: emoji.name, animated: emoji.animated === true }, count: 1, me: byMe },
      ];
    if (byMe && current.me) return [...reactions];
    return reactions.map((r) => (r === current ? { ...r, count: r.count + 1, me: r.me || byMe } : r));
  }
  if (!current || (byMe && !current.me)) return [...reactions];
  if (current.count <= 1) return reactions.filter((r) => r !== current);
  return reactions.map((r) => (r === current ? { ...r, count: r.count - 1, me: byMe ? false : r.me } : r));
}

/** The same change on the message `messageId` of a list (other messages untouched). */
export function changeMessageReaction<T extends MessageView>(
  messages: readonly T[],
  messageId: string,
  emoji: Emoji,
  change: "add" | "remove",
  byMe: boolean,
): T[] {
  return messages.map((m) =>
    m.id === messageId ? { ...m, reactions: changeReaction(m.reactions, emoji, change, byMe) } : m,
  );
}
