"use client";

import type { BanView } from "@chat/api";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/bot-badge";
import { Button } from "@/components/ui/button";

/** One banned user: picture, name, username, and Unban. */
export function BanRow({ ban, unbanning, onUnban }: { ban: BanView; unbanning: boolean; onUnban(): void }) {
  const { user } = ban;
  return (
    <li
      data-testid="guild-ban"
      data-user-id={user.id}
      className="flex items-center gap-3 rounded-lg bg-panel p-3 ring-1 ring-white/5"
    >
      <Avatar id={user.id} name={user.displayName} picture={user.avatar} size="md" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2">
          <span className="truncate font-medium text-white" data-testid="ban-name">
            {user.displayName}
          </span>
          {user.bot ? <BotBadge /> : null}
        </p>
        <p className="truncate text-sm text-muted">{user.username}</p>
      </div>
      <Button variant="secondary" size="sm" aria-label={`Unban ${user.displayName}`} busy={unbanning} onClick={onUnban}>
        Unban
      </Button>
    </li>
  );
}
