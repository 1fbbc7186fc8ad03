import type { InteractionHeaderView, MessageView } from "@chat/api/views";
import { Avatar } from "@/components/ui/avatar";

/** "<person> used /command" above a reply to a command (a slash command's name with its slash). */
export function InteractionHeader({ interaction }: { interaction: InteractionHeaderView }) {
  if (interaction.kind === "component") return null;
  const command = interaction.kind === "slash" ? `/${interaction.name}` : interaction.name;
  return (
    <div className="mb-0.5 flex min-w-0 items-center gap-1.5 pl-[56px] text-sm leading-5 text-muted">
      <span
        aria-hidden="true"
        className="-mt-2 ml-[-36px] h-2.5 w-8 shrink-0 rounded-tl-md border-t-2 border-l-2 border-line"
      />
      <Avatar id={interaction.userId} name={interaction.userDisplayName} size="xs" />
      <span className="truncate" data-testid="interaction-header">
        <span className="font-medium text-text">{interaction.userDisplayName}</span> used{" "}
        <span className="font-medium text-command">{command}</span>
      </span>
    </div>
  );
}

/** A deferred reply not filled yet. */
export function ThinkingText({ message }: { message: MessageView }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-muted italic" data-testid="thinking">
      {message.author.displayName} is thinking
      <span aria-hidden="true" className="inline-flex gap-0.5">
        <span className="size-1 animate-bounce rounded-full bg-muted [animation-delay:-0.3s]" />
        <span className="size-1 animate-bounce rounded-full bg-muted [animation-delay:-0.15s]" />
        <span className="size-1 animate-bounce rounded-full bg-muted" />
      </span>
      <span className="sr-only">…</span>
    </span>
  );
}

/** Under a message only this person sees: it goes on reload, or now with Dismiss. */
export function EphemeralNote({ onDismiss }: { onDismiss(): void }) {
  return (
    <p className="mt-1 flex items-center gap-1.5 text-xs text-muted" data-testid="ephemeral-note">
      <svg
        width="14"
        height="14"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
      </svg>
      Only you can see this ·{" "}
      <button type="button" onClick={onDismiss} className="font-medium text-command hover:underline">
        Dismiss
      </button>
    </p>
  );
}
