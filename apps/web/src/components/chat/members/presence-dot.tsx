import type { MemberStatus } from "@chat/api";

const LOOK: Record<MemberStatus, { label: string; dot: string }> = {
  online: { label: "Online", dot: "bg-online" },
  idle: { label: "Idle", dot: "bg-idle" },
  offline: { label: "Offline", dot: "bg-offline ring-inset" },
};

/** A member's status as a dot on the corner of their picture; its word is for screen readers. */
export function PresenceDot({ status }: { status: MemberStatus }) {
  const { label, dot } = LOOK[status];
  return (
    <span
      className={`absolute -right-0.5 -bottom-0.5 size-3.5 rounded-full border-[3px] border-panel ${dot}`}
      data-testid="presence-dot"
      data-status={status}
    >
      <span className="sr-only">{label}</span>
    </span>
  );
}
