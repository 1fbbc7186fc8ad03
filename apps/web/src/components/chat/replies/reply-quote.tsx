"use client";

import { useState } from "react";
import type { DisplayMessage } from "../messages/use-channel-messages";
import { jumpToMessage } from "./jump-to-message";

const REPLY = 19;

/** One line saying what a message is, for quotes: its first line of text, or what it carries. */
export function excerptOf(message: { content: string; attachments: number; embeds: number }): string {
  const line = message.content
    .split("\n")
    .find((l) => l.trim())
    ?.trim();
  if (line) return line;
  if (message.attachments > 0) return "Click to see the attachment";
  if (message.embeds > 0) return "Click to see the embed";
  return "Click to see the message";
}

/**
 * Above a reply: who it answers and a line of what they said; a click jumps to the original
 * (when it is loaded). A deleted original says so.
 */
export function ReplyQuote({ message }: { message: DisplayMessage }) {
  const [notLoaded, setNotLoaded] = useState(false);
  const reference = message.reference;
  if (!reference || message.type !== REPLY) return null;
  const original = reference.message;
  return (
    <div className="relative w-full pl-[56px] text-[13px] leading-[20px]" data-testid="reply-quote">
      <span
        aria-hidden="true"
        className="absolute top-[9px] left-[36px] h-[10px] w-[18px] rounded-tl-md border-t-2 border-l-2 border-line"
      />
      {original === null ? (
        <p className="italic text-muted">Original message was deleted</p>
      ) : (
        <button
          type="button"
          onClick={() => setNotLoaded(!jumpToMessage(reference.messageId))}
          className="flex max-w-full min-w-0 items-center gap-1.5 text-left text-muted hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
          aria-label={
            original
              ? `Replying to ${original.author.displayName}: ${excerptOf(original)}. Jump to the original message`
              : "Jump to the original message"
          }
        >
          {original ? (
            <>
              <span className="shrink-0 font-semibold text-white">@{original.author.displayName}</span>
              <span className="truncate">{excerptOf(original)}</span>
            </>
          ) : (
            <span className="italic">Jump to the original message</span>
          )}
        </button>
      )}
      {notLoaded ? (
        <p role="status" className="text-xs text-muted">
          The original message is further back. Load older messages to find it.
        </p>
      ) : null}
    </div>
  );
}
