"use client";

import type { ReactionView } from "@chat/api/views";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { SmilePlusIcon } from "@/components/ui/icons";
import { useTRPC } from "@/lib/trpc";
import { useLongPress } from "@/lib/use-long-press";
import { reactionKey } from "../emoji/emoji-data";
import { EmojiGlyph } from "../emoji/emoji-glyph";
import type { DisplayMessage } from "../messages/use-channel-messages";
import { asReactionEmoji, useSocial } from "../social/social-context";

function emojiLabel(emoji: ReactionView["emoji"]): string {
  return emoji.id ? `:${emoji.name}:` : (emoji.name ?? "");
}

/** The reactions under a message: one chip per emoji with its count, mine pressed; a click toggles mine. */
export function ReactionChips({ message }: { message: DisplayMessage }) {
  const social = useSocial();
  if (!social || message.reactions.length === 0) return null;
  const canAdd = social.abilities.addReactions;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label="Reactions" data-testid="reactions">
      {message.reactions.map((reaction) => (
        <li key={reaction.emoji.id ?? reaction.emoji.name}>
          <ReactionChip
            reaction={reaction}
            channelId={message.channelId}
            messageId={message.id}
            disabled={!reaction.me && !canAdd}
            onToggle={() => social.react(message, reaction.emoji, !reaction.me)}
          />
        </li>
      ))}
      {canAdd ? (
        <li>
          <button
            type="button"
            aria-label="Add reaction"
            title="Add reaction"
            onClick={(e) =>
              social.openPicker({
                anchor: e.currentTarget,
                onPick: (emoji) => social.react(message, asReactionEmoji(emoji), true),
              })
            }
            className="flex h-6 items-center rounded-md border border-transparent bg-raised px-1.5 text-muted opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 hover:border-line hover:text-text focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-accent [@media(hover:none)]:opacity-100"
          >
            <SmilePlusIcon />
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * One chip; hovering or focusing it asks who reacted (on demand) and names them in a tooltip. On a
 * touch screen a tap toggles mine and a long press shows who reacted (it focuses the chip) without toggling.
 */
function ReactionChip({
  reaction,
  channelId,
  messageId,
  disabled,
  onToggle,
}: {
  reaction: ReactionView;
  channelId: string;
  messageId: string;
  disabled: boolean;
  onToggle(): void;
}) {
  const trpc = useTRPC();
  const [curious, setCurious] = useState(false);
  const longPress = useLongPress((_, chip) => chip.focus());
  const tipId = useId();
  const reactors = useQuery({
    ...trpc.social.reactors.queryOptions({ channelId, messageId, emoji: reactionKey(reaction.emoji) }),
    enabled: curious,
    staleTime: 0,
  });
  const refetchReactors = reactors.refetch;
  // Someone reacted or took theirs back while the names are shown: ask again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count is what changes the answer
  useEffect(() => {
    if (curious) void refetchReactors();
  }, [reaction.count]);
  const label = emojiLabel(reaction.emoji);
  const names = reactors.data?.map((u) => u.displayName) ?? [];
  const shown = names.slice(0, 6);
  const tip = reactors.isError
    ? "Could not load who reacted."
    : reactors.data
      ? `${shown.join(", ")}${names.length > shown.length ? ` and ${reaction.count - shown.length} more` : ""} reacted with ${label}`
      : "Loading who reacted…";
  return (
    <span className="group/tip relative inline-flex">
      <button
        type="button"
        aria-pressed={reaction.me}
        aria-label={`${label} ${reaction.count} ${reaction.count === 1 ? "reaction" : "reactions"}`}
        aria-describedby={curious ? tipId : undefined}
        disabled={disabled}
        data-testid="reaction-chip"
        {...longPress.handlers}
        onClick={onToggle}
        onPointerEnter={() => setCurious(true)}
        onFocus={() => setCurious(true)}
        className={`flex h-6 items-center gap-1 rounded-md border px-1.5 text-[13px] font-semibold disabled:cursor-not-allowed ${reaction.me ? "border-accent bg-accent/25 text-white" : "border-transparent bg-raised text-muted hover:border-line"} focus-visible:outline-2 focus-visible:outline-accent`}
      >
        <EmojiGlyph emoji={reaction.emoji} size={16} />
        <span>{reaction.count}</span>
      </button>
      {curious ? (
        <span
          id={tipId}
          role="tooltip"
          data-testid="reactors-tooltip"
          className="pointer-events-none absolute bottom-full left-0 z-40 mb-1.5 hidden w-max max-w-64 rounded-md bg-floating px-2.5 py-1.5 text-[13px] font-medium text-text shadow-lg group-hover/tip:block group-focus-within/tip:block"
        >
          {tip}
        </span>
      ) : null}
    </span>
  );
}
