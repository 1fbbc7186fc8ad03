"use client";

import type { ManagedEmojiView } from "@chat/api";
import { useState } from "react";
import { EmojiGlyph } from "@/components/chat/emoji/emoji-glyph";
import { Button } from "@/components/ui/button";

const UNAVAILABLE =
  "aria-disabled:cursor-not-allowed aria-disabled:border-transparent aria-disabled:bg-transparent aria-disabled:text-faint aria-disabled:hover:bg-transparent";

/**
 * One custom emoji: its picture, `:name:` (renamed in place), who uploaded it, and Delete after
 * a confirmation. Without the permission the actions stay visible, marked unavailable and
 * pointing at the reason (`disabledReasonId`).
 */
export function EmojiRow({
  emoji,
  disabledReasonId,
  busy,
  onRename,
  onDelete,
}: {
  emoji: ManagedEmojiView;
  disabledReasonId: string | null;
  busy: boolean;
  onRename(name: string): Promise<boolean>;
  onDelete(): void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(emoji.name);
  const [confirming, setConfirming] = useState(false);
  const allowed = disabledReasonId === null;
  const unavailable = allowed ? {} : { "aria-disabled": true, "aria-describedby": disabledReasonId };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (draft === emoji.name || (await onRename(draft))) setEditing(false);
  }

  return (
    <li
      data-testid="guild-emoji"
      data-name={emoji.name}
      className="flex flex-wrap items-center gap-3 rounded-lg bg-panel p-3 ring-1 ring-white/5"
    >
      <EmojiGlyph emoji={emoji} size={32} />
      <div className="min-w-0 flex-1">
        {editing ? (
          <form onSubmit={save} className="flex items-center gap-2">
            <label className="sr-only" htmlFor={`emoji-name-${emoji.id}`}>
              New name for :{emoji.name}:
            </label>
            <input
              id={`emoji-name-${emoji.id}`}
              value={draft}
              maxLength={32}
              // biome-ignore lint/a11y/noAutofocus: the field the person just asked to edit
              autoFocus
              onChange={(e) => setDraft(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Escape") {
                  e.stopPropagation();
                  setDraft(emoji.name);
                  setEditing(false);
                }
              }}
              className="h-8 min-w-0 flex-1 rounded-md border border-line bg-field px-2 font-mono text-sm text-text focus:outline-none focus-visible:outline-2 focus-visible:outline-accent"
            />
            <Button type="submit" size="sm" busy={busy}>
              Save
            </Button>
          </form>
        ) : (
          <p className="truncate font-mono text-sm text-white">:{emoji.name}:</p>
        )}
        <p className="truncate text-xs text-muted">
          {emoji.animated ? "Animated · " : ""}
          {emoji.creatorName ? `Uploaded by ${emoji.creatorName}` : "Uploader unknown"}
        </p>
      </div>
      {confirming ? (
        <div className="flex items-center gap-2">
          <Button variant="danger" size="sm" busy={busy} onClick={onDelete}>
            Delete :{emoji.name}:
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : editing ? null : (
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Rename :${emoji.name}:`}
            className={UNAVAILABLE}
            {...unavailable}
            onClick={() => allowed && setEditing(true)}
          >
            Rename
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Delete :${emoji.name}:`}
            className={UNAVAILABLE}
            {...unavailable}
            onClick={() => allowed && setConfirming(true)}
          >
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}
