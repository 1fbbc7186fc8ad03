import type { ComponentEmojiView } from "@chat/api/views";

/** A standard emoji as its character; a custom one by its name (its picture is not served to the app yet). */
export function ComponentEmoji({ emoji }: { emoji: ComponentEmojiView | null }) {
  if (!emoji) return null;
  if (!emoji.id) return <span aria-hidden="true">{emoji.name}</span>;
  return (
    <span aria-hidden="true" className="text-xs text-muted">
      :{emoji.name ?? "emoji"}:
    </span>
  );
}
