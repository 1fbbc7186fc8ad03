"use client";

import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { HashIcon, WaveIcon } from "@/components/ui/icons";

// The pieces of a channel’s history around its messages: dividers, its start, the jump to the present, loading and failure.

export function JumpToPresent({ newCount, onJump }: { newCount: number; onJump(): void }) {
  const label = newCount > 0 ? `${newCount} new message${newCount === 1 ? "" : "s"}` : "You’re viewing older messages";
  return (
    <div className="pointer-events-none absolute inset-x-4 bottom-2 flex justify-center">
      <div
        role="status"
        className="pointer-events-auto flex items-center gap-3 rounded-full bg-accent-strong py-1 pr-1 pl-4 text-sm font-medium text-white shadow-lg"
        data-testid="jump-to-present"
      >
        <span>{label}</span>
        <button
          type="button"
          onClick={onJump}
          className="rounded-full bg-black/25 px-3 py-1 hover:bg-black/40 focus-visible:outline-2 focus-visible:outline-white"
        >
          Jump to present
        </button>
      </div>
    </div>
  );
}

export function FragmentWithDivider({
  divider,
  newMessages,
  children,
}: {
  divider: string | null;
  newMessages: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {divider ? (
        <li className="mx-4 mt-6 mb-2 flex items-center gap-2 text-xs font-semibold text-faint">
          <span className="h-px flex-1 bg-line" />
          {divider}
          <span className="h-px flex-1 bg-line" />
        </li>
      ) : null}
      {newMessages ? (
        <li className="mx-4 mt-4 mb-1 flex items-center gap-2 text-xs font-semibold" data-testid="new-messages-divider">
          <span className="h-px flex-1 bg-danger-strong" />
          <span className="rounded bg-danger-strong px-1.5 py-px text-white">New messages</span>
        </li>
      ) : null}
      {children}
    </>
  );
}

export function ChannelStart({ channelName, empty }: { channelName: string; empty: boolean }) {
  return (
    <div className="px-4 pt-8 pb-2">
      <span className="grid size-16 place-items-center rounded-full bg-raised text-text">
        {channelName.startsWith("@") ? (
          <span aria-hidden="true" className="text-4xl font-semibold">
            @
          </span>
        ) : (
          <HashIcon width={36} height={36} />
        )}
      </span>
      {channelName.startsWith("@") ? (
        <>
          <h2 className="mt-3 text-3xl font-bold text-white">{channelName.slice(1)}</h2>
          <p className="mt-1 text-muted">
            This is the beginning of your direct message history with {channelName.slice(1)}.
          </p>
        </>
      ) : (
        <>
          <h2 className="mt-3 text-3xl font-bold text-white">Welcome to #{channelName}!</h2>
          <p className="mt-1 text-muted">This is the start of the #{channelName} channel.</p>
        </>
      )}
      {empty ? (
        <div
          className="mt-6 flex items-center gap-3 rounded-lg border border-dashed border-line px-4 py-4 text-muted"
          data-testid="empty-channel"
        >
          <WaveIcon className="shrink-0 text-accent" width={28} height={28} />
          <p className="text-[15px]">No messages yet — say hi</p>
        </div>
      ) : null}
    </div>
  );
}

export function MessageListLoading() {
  return (
    <div
      className="flex flex-1 flex-col justify-end gap-5 overflow-hidden px-4 pb-6"
      role="status"
      aria-busy="true"
      aria-label="Loading messages"
    >
      {[72, 48, 90, 60, 35].map((width) => (
        <div key={width} className="flex animate-pulse gap-4">
          <div className="size-10 shrink-0 rounded-full bg-raised" />
          <div className="flex-1 space-y-2 pt-1">
            <div className="h-3 w-28 rounded bg-raised" />
            <div className="h-3 rounded bg-raised" style={{ width: `${width}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}

export function MessageListError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <Alert tone="error" title="Couldn’t load this channel" className="max-w-md">
        <p>{message}</p>
        <button type="button" onClick={onRetry} className="mt-2 font-medium underline hover:no-underline">
          Try again
        </button>
      </Alert>
    </div>
  );
}
