export function BotBadge() {
  return (
    <span className="inline-flex h-[15px] items-center rounded-[3px] bg-accent-strong px-1 text-[10px] font-semibold uppercase leading-none tracking-wide text-white">
      Bot
    </span>
  );
}
