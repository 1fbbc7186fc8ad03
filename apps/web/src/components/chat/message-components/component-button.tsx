"use client";

import type { ButtonView } from "@chat/api/views";
import { Spinner } from "@/components/ui/spinner";
import { ComponentEmoji } from "./component-emoji";

/** Styles 1–5: primary, secondary, success, danger, link (white text on the darker shades for contrast). */
const STYLES: Record<ButtonView["style"], string> = {
  1: "bg-accent-strong text-white enabled:hover:bg-accent-hover",
  2: "bg-secondary text-white enabled:hover:bg-secondary-hover",
  3: "bg-success-strong text-white enabled:hover:bg-success-strong-hover",
  4: "bg-danger-strong text-white enabled:hover:bg-danger-strong-hover",
  5: "bg-secondary text-white enabled:hover:bg-secondary-hover",
};

/**
 * A bot message's button: pressing it reports the click (a spinner until the application
 * acknowledges); a link button asks before leaving (`onLink`); one whose address was refused
 * (the view keeps only http and https) is disabled.
 */
export function ComponentButton({
  button,
  pending,
  locked,
  onPress,
  onLink,
}: {
  button: ButtonView;
  pending: boolean;
  locked: boolean;
  onPress(): void;
  onLink(url: string): void;
}) {
  const link = button.style === 5;
  const name = button.label ?? button.emoji?.name ?? (link ? "Link" : "Button");
  return (
    <button
      type="button"
      disabled={button.disabled || (locked && !link)}
      aria-busy={pending || undefined}
      aria-label={
        link ? `${name} (${button.url ? `opens ${button.url}` : "link not allowed"})` : button.label ? undefined : name
      }
      onClick={() => (link ? button.url && onLink(button.url) : onPress())}
      className={`relative inline-flex h-8 min-w-[60px] max-w-full items-center justify-center gap-1.5 rounded-[3px] px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed ${button.disabled ? "opacity-50" : ""} ${STYLES[button.style]}`}
      data-testid="component-button"
    >
      <span className={`inline-flex min-w-0 items-center gap-1.5 ${pending ? "invisible" : ""}`}>
        <ComponentEmoji emoji={button.emoji} />
        {button.label ? <span className="truncate">{button.label}</span> : null}
        {link ? (
          <svg
            width="14"
            height="14"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
          </svg>
        ) : null}
      </span>
      {pending ? (
        <span className="absolute inset-0 grid place-items-center">
          <Spinner className="size-4" label="Waiting for the app" />
        </span>
      ) : null}
    </button>
  );
}
