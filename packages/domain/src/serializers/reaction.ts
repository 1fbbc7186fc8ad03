import type { APIPartialEmoji } from "discord-api-types/v10";
import type { ReactionSummary } from "./message";

/** A stored reaction, as selected with messages (services/shared/selects.ts) and by the reaction service. */
export interface ReactionRow {
  userId: bigint;
  /** The Unicode emoji itself, or the custom emoji's id in decimal. */
  emojiKey: string;
  emojiName: string | null;
  emojiId: bigint | null;
}

/** The emoji of a reaction on the wire: `{ id: null, name: "👍" }` or `{ id, name }` (plus `animated` when known to be). */
export function serializeReactionEmoji(
  reaction: { emojiName: string | null; emojiId: bigint | null },
  animated = false,
): APIPartialEmoji {
  return {
    id: reaction.emojiId?.toString() ?? null,
    name: reaction.emojiName,
    ...(animated ? { animated: true } : {}),
  };
}

/**
 * A message's reactions grouped by emoji, in the order each emoji was first used (rows come
 * oldest first). `me` tells whether `viewerId` is among the reactors (false when no viewer is known).
 */
export function summarizeReactions(rows: ReactionRow[] | undefined, viewerId?: bigint | null): ReactionSummary[] {
  const byKey = new Map<string, ReactionSummary>();
  for (const row of rows ?? []) {
    let summary = byKey.get(row.emojiKey);
    if (!summary) {
      summary = { emojiName: row.emojiName, emojiId: row.emojiId, count: 0, me: false };
      byKey.set(row.emojiKey, summary);
    }
    summary.count += 1;
    if (viewerId != null && row.userId === viewerId) summary.me = true;
  }
  return [...byKey.values()];
}
