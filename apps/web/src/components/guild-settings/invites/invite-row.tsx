"use client";

import type { GuildInviteView } from "@chat/api";
import { describeExpiry, describeUses } from "@/components/invites/invite-limits";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";

/**
 * One invite: who made it, its code and channel, uses and expiry, and Revoke. Someone who may
 * not revoke it still sees Revoke, marked unavailable and pointing at the reason (`reasonId`).
 */
export function InviteRow({
  invite,
  now,
  reasonId,
  revoking,
  onRevoke,
}: {
  invite: GuildInviteView;
  now: Date;
  reasonId: string;
  revoking: boolean;
  onRevoke(): void;
}) {
  const inviter = invite.inviter;
  return (
    <li
      data-testid="guild-invite"
      data-code={invite.code}
      className="flex items-center gap-3 rounded-lg bg-panel p-3 ring-1 ring-white/5"
    >
      {inviter ? <Avatar id={inviter.id} name={inviter.displayName} picture={inviter.avatar} size="md" /> : null}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-white" data-testid="invite-inviter">
          {inviter?.displayName ?? "Someone"}
        </p>
        <p className="truncate text-sm text-muted">
          <span className="font-mono text-text" data-testid="invite-code">
            {invite.code}
          </span>{" "}
          · #{invite.channel.name}
        </p>
        <p className="text-sm text-muted">
          <span data-testid="invite-uses">{describeUses(invite.uses, invite.maxUses)}</span> ·{" "}
          <span data-testid="invite-expiry">{describeExpiry(invite.expiresAt, now)}</span>
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Revoke invite ${invite.code}`}
        aria-disabled={invite.canRevoke ? undefined : true}
        aria-describedby={invite.canRevoke ? undefined : reasonId}
        busy={revoking}
        onClick={() => {
          if (invite.canRevoke) onRevoke();
        }}
        className="aria-disabled:cursor-not-allowed aria-disabled:border-transparent aria-disabled:bg-transparent aria-disabled:text-faint aria-disabled:hover:bg-transparent"
      >
        Revoke
      </Button>
    </li>
  );
}
