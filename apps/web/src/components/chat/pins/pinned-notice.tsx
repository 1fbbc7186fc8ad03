"use client";

import { formatMessageTime } from "@/lib/format";
import type { DisplayMessage } from "../messages/use-channel-messages";
import { jumpToMessage } from "../replies/jump-to-message";
import { PinIcon } from "./pins-button";

/** Message type 6 as a system row: "<name> pinned a message to this channel." ("a message" jumps to it). */
export function PinnedNotice({ message }: { message: DisplayMessage }) {
  const target = message.reference?.messageId;
  return (
    <li
      data-testid="system-message"
      data-message-id={message.id}
      className="mt-2 flex items-center gap-x-4 py-0.5 pr-4 pl-4 text-[15px] leading-[22px] text-muted hover:bg-black/[0.06]"
    >
      <span className="grid w-10 shrink-0 place-items-center text-faint">
        <PinIcon size={16} />
      </span>
      <p className="min-w-0 flex-1">
        <span className="font-semibold text-white">{message.author.displayName}</span> pinned{" "}
        {target ? (
          <button
            type="button"
            onClick={() => jumpToMessage(target)}
            className="font-semibold text-text hover:underline focus-visible:outline-2 focus-visible:outline-accent"
          >
            a message
          </button>
        ) : (
          "a message"
        )}{" "}
        to this channel.{" "}
        <time dateTime={message.createdAt} className="text-xs text-faint">
          {formatMessageTime(message.createdAt)}
        </time>
      </p>
    </li>
  );
}
