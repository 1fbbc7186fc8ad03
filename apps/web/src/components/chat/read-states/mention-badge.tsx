/** The red count of mentions on a channel or a guild; its meaning is told to screen readers by the item it is on. */
export function MentionBadge({ count, className = "" }: { count: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="mention-badge"
      className={`grid h-4 min-w-4 shrink-0 place-items-center rounded-full bg-danger-strong px-1 text-[11px] font-bold leading-none text-white ${className}`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
