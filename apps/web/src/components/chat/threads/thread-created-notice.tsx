"use client";

import { formatMessageTime } from "@/lib/format";
import type { DisplayMessage } from "../messages/use-channel-messages";

/** Message type 18 as a system row: "<name> started a thread: <thread name>." */
export function ThreadCreatedNotice({ message }: { message: DisplayMessage }) {
  return (
    <li
      data-testid="system-message"
      data-message-id={message.id}
      className="mt-2 flex items-center gap-x-4 py-0.5 pr-4 pl-4 text-[15px] leading-[22px] text-muted hover:bg-black/[0.06]"
    >
      <span className="grid w-10 shrink-0 place-items-center text-faint">
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M4 5h16v10H9l-5 4z" />
        </svg>
      </span>
      <p className="min-w-0 flex-1">
        <span className="font-semibold text-white">{message.author.displayName}</span> started a thread:{" "}
        <span className="font-semibold text-text">{message.content}</span>.{" "}
        <time dateTime={message.createdAt} className="text-xs text-faint">
          {formatMessageTime(message.createdAt)}
        </time>
      </p>
    </li>
  );
}
