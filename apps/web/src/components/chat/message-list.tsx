"use client";

import type { MessageView } from "@chat/api";
import { type ReactNode, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { Alert } from "@/components/ui/alert";
import { HashIcon, WaveIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format";
import { PendingCommands } from "./interactions/pending-commands";
import { useInteractionStore } from "./live/live-provider";
import { MessageItem } from "./message-item";
import { compareIds } from "./messages/message-merge";
import { PinnedNotice } from "./pins/pinned-notice";
import { RichDirectoryProvider } from "./rich/rich-directory";
import type { DisplayMessage } from "./use-channel-messages";

const GROUP_WINDOW_MS = 7 * 60 * 1000;
const NEAR_BOTTOM_PX = 120;
const LOAD_OLDER_PX = 300;

/** "<name> pinned a message to this channel.": a system row, never grouped with messages. */
const CHANNEL_PINNED_MESSAGE = 6;

function startsGroup(previous: DisplayMessage | undefined, message: DisplayMessage): boolean {
  if (!previous || previous.author.id !== message.author.id || message.interaction) return true;
  // A reply shows its quote with its author's name; a system row ends a run.
  if (message.reference || previous.type === CHANNEL_PINNED_MESSAGE) return true;
  return new Date(message.createdAt).getTime() - new Date(previous.createdAt).getTime() > GROUP_WINDOW_MS;
}

function dayOf(iso: string): string {
  return new Date(iso).toDateString();
}

interface MessageListProps {
  /** Set in a guild channel: this tab's commands on their way show at the end. */
  channelId?: string;
  channelName: string;
  messages: DisplayMessage[];
  hasMore: boolean;
  historyHidden?: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onRetry(id: string): void;
  onDiscard(id: string): void;
  /** Gets a message again for fresh file URLs. */
  onRefresh(id: string): Promise<MessageView | null>;
  /** Dismisses a message only this person sees. */
  onDismiss?(id: string): void;
  /** Messages after this id (not the person's own) are new: a divider marks where they begin. */
  newAfterId?: string | null;
  meId?: string;
  /** Whether the reader is at the end of the history (where reading marks the channel read). */
  onBottomChange?(atBottom: boolean): void;
}

/**
 * The history, newest at the bottom. Stays pinned to the bottom while the reader is there,
 * keeps the reading position when older pages arrive on top.
 */
export function MessageList({
  channelId,
  channelName,
  messages,
  hasMore,
  historyHidden = false,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onDiscard,
  onRefresh,
  onDismiss,
  newAfterId = null,
  meId,
  onBottomChange,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ first?: string; last?: string; height: number; top: number }>({ height: 0, top: 0 });
  const interactions = useInteractionStore();
  const pending = useSyncExternalStore(
    interactions.subscribe,
    () => (channelId ? interactions.commandsIn(channelId) : null),
    () => null,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: this tab's commands on their way (`pending`) show after the messages and keep the end in view too
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const before = previous.current;
    if (before.first !== undefined && first !== before.first && last === before.last) {
      // Older messages were added on top: keep what the reader was looking at in place.
      el.scrollTop = el.scrollHeight - before.height + before.top;
    } else if (atBottom.current || before.last === undefined) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { first, last, height: el.scrollHeight, top: el.scrollTop };
  }, [messages, pending]);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (bottom !== atBottom.current) onBottomChange?.(bottom);
    atBottom.current = bottom;
    previous.current = { ...previous.current, height: el.scrollHeight, top: el.scrollTop };
    if (el.scrollTop < LOAD_OLDER_PX && hasMore && !loadingOlder) onLoadOlder();
  }

  const firstNewId = newAfterId === null ? undefined : messages.find((m) => !m.sendState && m.author.id !== meId && compareIds(m.id, newAfterId) > 0)?.id;

  return (
    <div ref={scroller} onScroll={onScroll} className="scroll-thin flex-1 overflow-y-auto" data-testid="message-scroller">
      <div className="flex min-h-full flex-col justify-end pb-6">
        {hasMore ? (
          <div className="flex justify-center py-4 text-muted">
            {loadingOlder ? (
              <Spinner label="Loading older messages" />
            ) : (
              <button type="button" onClick={onLoadOlder} className="rounded px-2 py-1 text-sm hover:bg-hover hover:text-text">
                Load older messages
              </button>
            )}
          </div>
        ) : historyHidden ? (
          <p className="mx-4 mt-8 rounded-lg border border-dashed border-line px-4 py-4 text-[15px] text-muted">
            You can’t read the earlier messages of #{channelName}; new ones appear here as they are sent.
          </p>
        ) : (
          <ChannelStart channelName={channelName} empty={messages.length === 0} />
        )}
        <RichDirectoryProvider meId={meId ?? null}>
        <div role="log" aria-live="polite" aria-relevant="additions text" aria-label={`Messages in #${channelName}`}>
          <ol>
          {messages.map((message, index) => {
            const prev = messages[index - 1];
            const newDay = !prev || dayOf(prev.createdAt) !== dayOf(message.createdAt);
            return (
              <FragmentWithDivider key={message.id} divider={newDay ? formatDate(message.createdAt) : null} newMessages={message.id === firstNewId}>
                {message.type === CHANNEL_PINNED_MESSAGE ? (
                  <PinnedNotice message={message} />
                ) : (
                  <MessageItem message={message} grouped={!newDay && !startsGroup(prev, message)} onRetry={onRetry} onDiscard={onDiscard} onRefresh={onRefresh} onDismiss={onDismiss} />
                )}
              </FragmentWithDivider>
            );
          })}
          {channelId ? <PendingCommands channelId={channelId} /> : null}
          </ol>
        </div>
        </RichDirectoryProvider>
      </div>
    </div>
  );
}

function FragmentWithDivider({ divider, newMessages, children }: { divider: string | null; newMessages: boolean; children: ReactNode }) {
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
          <span className="h-px flex-1 bg-[#c8373d]" />
          <span className="rounded bg-[#c8373d] px-1.5 py-px text-white">New messages</span>
        </li>
      ) : null}
      {children}
    </>
  );
}

function ChannelStart({ channelName, empty }: { channelName: string; empty: boolean }) {
  return (
    <div className="px-4 pt-8 pb-2">
      <span className="grid size-16 place-items-center rounded-full bg-raised text-text">
        <HashIcon width={36} height={36} />
      </span>
      <h2 className="mt-3 text-3xl font-bold text-white">Welcome to #{channelName}!</h2>
      <p className="mt-1 text-muted">This is the start of the #{channelName} channel.</p>
      {empty ? (
        <div className="mt-6 flex items-center gap-3 rounded-lg border border-dashed border-line px-4 py-4 text-muted" data-testid="empty-channel">
          <WaveIcon className="shrink-0 text-accent" width={28} height={28} />
          <p className="text-[15px]">No messages yet — say hi</p>
        </div>
      ) : null}
    </div>
  );
}

export function MessageListLoading() {
  return (
    <div className="flex flex-1 flex-col justify-end gap-5 overflow-hidden px-4 pb-6" role="status" aria-busy="true" aria-label="Loading messages">
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
