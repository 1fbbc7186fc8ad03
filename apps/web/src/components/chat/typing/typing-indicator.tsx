"use client";

import { useTypists } from "./typing-provider";
import type { Typist } from "./typing-store";

function sentence(typists: readonly Typist[]): string | null {
  const [a, b, c] = typists;
  if (!a) return null;
  if (!b) return `${a.name} is typing…`;
  if (!c) return `${a.name} and ${b.name} are typing…`;
  if (typists.length === 3) return `${a.name}, ${b.name} and ${c.name} are typing…`;
  return "Several people are typing…";
}

/** "X is typing…" above the message box, for people and bots typing in this channel. */
export function TypingIndicator({ channelId }: { channelId: string }) {
  const text = sentence(useTypists(channelId));
  return (
    <p
      className="flex h-6 shrink-0 items-center gap-1.5 truncate px-5 text-xs text-muted"
      aria-live="polite"
      data-testid="typing-indicator"
    >
      {text ? (
        <>
          <span aria-hidden="true" className="flex gap-0.5">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="size-1 animate-bounce rounded-full bg-muted"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </span>
          <span>{text}</span>
        </>
      ) : null}
    </p>
  );
}
