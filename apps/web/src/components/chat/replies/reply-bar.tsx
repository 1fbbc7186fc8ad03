"use client";

import { useSocial } from "../social/social-context";

/** Over the composer while replying: "Replying to <name>" and a way out (also Escape). */
export function ReplyBar() {
  const social = useSocial();
  const target = social?.replyingTo;
  if (!social || !target) return null;
  return (
    <div
      className="mx-4 -mb-1 flex items-center gap-2 rounded-t-lg bg-panel px-4 pt-2 pb-3 text-sm text-muted"
      data-testid="reply-bar"
    >
      <p className="min-w-0 flex-1 truncate">
        Replying to <span className="font-semibold text-text">{target.author.displayName}</span>
      </p>
      <button
        type="button"
        onClick={social.cancelReply}
        aria-label={`Cancel reply to ${target.author.displayName} (Escape)`}
        title="Cancel reply (Escape)"
        className="grid size-6 shrink-0 place-items-center rounded-full text-muted hover:bg-hover hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
      >
        <svg
          width="14"
          height="14"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}
