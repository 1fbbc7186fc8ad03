"use client";

import type { UserView } from "@chat/api";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { signOut } from "next-auth/react";
import { Avatar } from "@/components/ui/avatar";
import { LogoutIcon, SettingsIcon } from "@/components/ui/icons";
import { useTRPC } from "@/lib/trpc";
import { useHydrated } from "@/lib/use-hydrated";

/** The signed-in person at the bottom of the sidebar, with settings and sign-out. */
export function UserBar({ me: initial }: { me: UserView }) {
  const trpc = useTRPC();
  // The profile as it is now (a new name or picture set in another tab comes as USER_UPDATE).
  const me = useQuery(trpc.people.me.queryOptions()).data ?? initial;
  // A click before hydration would be lost: the button waits for the page (see useHydrated).
  const hydrated = useHydrated();
  return (
    <div className="flex h-[52px] shrink-0 items-center gap-2 bg-dock px-2">
      <Avatar id={me.id} name={me.displayName} picture={me.avatar} size="sm" />
      <div className="min-w-0 flex-1 leading-tight">
        <p className="truncate text-sm font-semibold text-white" data-testid="current-user">
          {me.displayName}
        </p>
        <p className="truncate text-xs text-muted">@{me.username}</p>
      </div>
      <Link
        href="/settings/account"
        aria-label="User settings"
        title="User settings"
        className="grid size-8 place-items-center rounded-md text-muted hover:bg-hover hover:text-text"
      >
        <SettingsIcon width={18} height={18} />
      </Link>
      <button
        type="button"
        onClick={() => signOut({ callbackUrl: "/login" })}
        disabled={!hydrated}
        aria-label="Log out"
        title="Log out"
        className="grid size-8 place-items-center rounded-md text-muted hover:bg-hover hover:text-text disabled:opacity-60"
      >
        <LogoutIcon width={18} height={18} />
      </button>
    </div>
  );
}
