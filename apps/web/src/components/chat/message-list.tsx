"use client";

import type { MessageView } from "@chat/api";
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Alert } from "@/components/ui/alert";
import { HashIcon, WaveIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format";
import { channelLabel } from "./dms/channel-label";
import { PendingCommands } from "./interactions/pending-commands";
import { useInteractionStore } from "./live/live-provider";
import { MessageItem } from "./message-item";
import { useKeepEndInView } from "./messages/keep-end-in-view";
import { compareIds } from "./messages/message-merge";
import { CHANNEL_PINNED_MESSAGE, isSystemMessage, THREAD_CREATED } from "./messages/message-types";
import { atPresent, type MessageWindow, PRESENT, pinnedTop, registerRevealer, stepNewer, stepOlder, windowAround, windowBounds } from "./messages/message-window";
import { PinnedNotice } from "./pins/pinned-notice";
import { RichDirectoryProvider } from "./rich/rich-directory";
import { ThreadCreatedNotice } from "./threads/thread-created-notice";
import type { DisplayMessage } from "./use-channel-messages";

const GROUP_WINDOW_MS = 7 * 60 * 1000;
const NEAR_BOTTOM_PX = 120;
const LOAD_OLDER_PX = 300;

/** "<name> pinned a message to this channel.": a system row, never grouped with messages. */

function startsGroup(previous: DisplayMessage | undefined, message: DisplayMessage): boolean {
  if (!previous || previous.author.id !== message.author.id || message.interaction) return true;
  // A reply shows its quote with its author's name; a system row ends a run.
  if (message.reference || isSystemMessage(previous.type)) return true;
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
  const [following, setFollowing] = useState(true);
  /** The id of the newest message when the reader left the end: what came after it is new to them. */
  const [leftAtId, setLeftAtId] = useState<string | null>(null);
  const [span, setSpan] = useState<MessageWindow>(PRESENT);
  /** A message in view and its distance from the top of the scroller, kept in place when the page changes around it. */
  const anchor = useRef<{ id: string; offset: number } | null>(null);
  const interactions = useInteractionStore();
  const pending = useSyncExternalStore(
    interactions.subscribe,
    () => (channelId ? interactions.commandsIn(channelId) : null),
    () => null,
  );
  const { start, end } = windowBounds(messages, span);
  const shown = useMemo(() => messages.slice(start, end), [messages, start, end]);
  const atPresentEnd = span.endId === null;

  function followEnd(bottom: boolean) {
    if (bottom !== atBottom.current) {
      onBottomChange?.(bottom);
      setFollowing(bottom);
      setLeftAtId(bottom ? null : (messages.findLast((m) => !m.sendState)?.id ?? null));
    }
    atBottom.current = bottom;
  }

  /** Near the top: older messages already loaded come into the page, or the next page is asked for. */
  function nearTop() {
    const older = stepOlder(messages, span);
    if (older) setSpan(older);
    else if (hasMore && !loadingOlder) onLoadOlder();
  }

  function nearBottom() {
    const newer = stepNewer(messages, span);
    if (newer) setSpan(newer);
  }

  function checkEdges(el: HTMLDivElement) {
    const fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (el.scrollTop < LOAD_OLDER_PX) nearTop();
    else if (fromBottom < LOAD_OLDER_PX && !atPresentEnd) nearBottom();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: this tab's commands on their way (`pending`) show after the messages and keep the end in view too
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const kept = anchor.current && el.querySelector<HTMLElement>(`[data-message-id="${anchor.current.id}"]`);
    if (atBottom.current && atPresentEnd) el.scrollTop = el.scrollHeight;
    else if (kept && anchor.current) el.scrollTop = kept.offsetTop - anchor.current.offset;
    anchor.current = anchorIn(el);
    if (!atBottom.current) checkEdges(el);
  }, [shown, pending]);

  const presentEnd = useRef(atPresentEnd);
  presentEnd.current = atPresentEnd;
  useKeepEndInView(scroller, () => atBottom.current && presentEnd.current);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    const bottom = atPresentEnd && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (!bottom && atBottom.current) setSpan((current) => pinnedTop(messages, current));
    else if (bottom && !atBottom.current) setSpan((current) => atPresent(messages, current));
    followEnd(bottom);
    anchor.current = anchorIn(el);
    checkEdges(el);
  }

  // A jump to a message loaded but outside the window (a reply's quote, a pin, a link).
  useEffect(
    () =>
      registerRevealer((id) => {
        const index = messages.findIndex((m) => m.id === id);
        if (index === -1) return false;
        atBottom.current = false;
        anchor.current = null;
        setSpan(windowAround(messages, index));
        return true;
      }),
    [messages],
  );

  function jumpToPresent() {
    anchor.current = null;
    setSpan(PRESENT);
    followEnd(true);
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }

  const firstNewId = newAfterId === null ? undefined : messages.find((m) => !m.sendState && m.author.id !== meId && compareIds(m.id, newAfterId) > 0)?.id;
  const arrivedSinceLeft = following || leftAtId === null ? 0 : messages.filter((m) => !m.sendState && m.author.id !== meId && compareIds(m.id, leftAtId) > 0).length;
  const startOfHistory = start === 0 && !hasMore;

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
    <div ref={scroller} onScroll={onScroll} className="scroll-thin relative flex-1 overflow-y-auto" data-testid="message-scroller">
      <div className="flex min-h-full flex-col justify-end pb-6">
        {!startOfHistory && (hasMore || start > 0) ? (
          <div className="flex justify-center py-4 text-muted">
            {loadingOlder ? (
              <Spinner label="Loading older messages" />
            ) : (
              <button type="button" onClick={nearTop} className="rounded px-2 py-1 text-sm hover:bg-hover hover:text-text">
                Load older messages
              </button>
            )}
          </div>
        ) : historyHidden ? (
          <p className="mx-4 mt-8 rounded-lg border border-dashed border-line px-4 py-4 text-[15px] text-muted">
            You can’t read the earlier messages of {channelLabel(channelName)}; new ones appear here as they are sent.
          </p>
        ) : (
          <ChannelStart channelName={channelName} empty={messages.length === 0} />
        )}
        <RichDirectoryProvider meId={meId ?? null}>
        <div role="log" aria-live="polite" aria-relevant="additions text" aria-label={`Messages in ${channelLabel(channelName)}`}>
          <ol>
          {shown.map((message, index) => {
            const prev = index === 0 ? messages[start - 1] : shown[index - 1];
            const newDay = !prev || dayOf(prev.createdAt) !== dayOf(message.createdAt);
            return (
              <FragmentWithDivider key={message.id} divider={newDay ? formatDate(message.createdAt) : null} newMessages={message.id === firstNewId}>
                {message.type === CHANNEL_PINNED_MESSAGE ? (
                  <PinnedNotice message={message} />
                ) : message.type === THREAD_CREATED ? (
                  <ThreadCreatedNotice message={message} />
                ) : (
                  <MessageItem message={message} grouped={!newDay && !startsGroup(prev, message)} onRetry={onRetry} onDiscard={onDiscard} onRefresh={onRefresh} onDismiss={onDismiss} />
                )}
              </FragmentWithDivider>
            );
          })}
          {channelId && atPresentEnd ? <PendingCommands channelId={channelId} /> : null}
          </ol>
        </div>
        </RichDirectoryProvider>
      </div>
    </div>
    {!atPresentEnd || arrivedSinceLeft > 0 ? <JumpToPresent newCount={arrivedSinceLeft} onJump={jumpToPresent} /> : null}
    </div>
  );
}

/** The first message whose bottom is below the top of the scroller (the children are in order: a binary search). */
function anchorIn(el: HTMLDivElement): { id: string; offset: number } | null {
  const items = el.querySelectorAll<HTMLElement>("[data-message-id]");
  let low = 0;
  let high = items.length - 1;
  let found: HTMLElement | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const item = items[mid] as HTMLElement;
    if (item.offsetTop + item.offsetHeight > el.scrollTop) {
      found = item;
      high = mid - 1;
    } else low = mid + 1;
  }
  const id = found?.dataset.messageId;
  return found && id ? { id, offset: found.offsetTop - el.scrollTop } : null;
}

function JumpToPresent({ newCount, onJump }: { newCount: number; onJump(): void }) {
  const label = newCount > 0 ? `${newCount} new message${newCount === 1 ? "" : "s"}` : "You’re viewing older messages";
  return (
    <div className="pointer-events-none absolute inset-x-4 bottom-2 flex justify-center">
      <div role="status" className="pointer-events-auto flex items-center gap-3 rounded-full bg-accent-strong py-1 pr-1 pl-4 text-sm font-medium text-white shadow-lg" data-testid="jump-to-present">
        <span>{label}</span>
        <button type="button" onClick={onJump} className="rounded-full bg-black/25 px-3 py-1 hover:bg-black/40 focus-visible:outline-2 focus-visible:outline-white">
          Jump to present
        </button>
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
          <p className="mt-1 text-muted">This is the beginning of your direct message history with {channelName.slice(1)}.</p>
        </>
      ) : (
        <>
          <h2 className="mt-3 text-3xl font-bold text-white">Welcome to #{channelName}!</h2>
          <p className="mt-1 text-muted">This is the start of the #{channelName} channel.</p>
        </>
      )}
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
