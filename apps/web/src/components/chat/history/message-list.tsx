"use client";

import type { MessageView } from "@chat/api";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format";
import { channelLabel } from "../dms/channel-label";
import { useInteractionStore } from "../interactions/interactions-provider";
import { PendingCommands } from "../interactions/pending-commands";
import { useKeepEndInView } from "../messages/keep-end-in-view";
import { compareIds } from "../messages/message-merge";
import { CHANNEL_PINNED_MESSAGE, isSystemMessage, THREAD_CREATED } from "../messages/message-types";
import {
  atPresent,
  type MessageWindow,
  PRESENT,
  pinnedTop,
  registerRevealer,
  stepNewer,
  stepOlder,
  windowAround,
  windowBounds,
} from "../messages/message-window";
import type { DisplayMessage } from "../messages/use-channel-messages";
import { PinnedNotice } from "../pins/pinned-notice";
import { RichDirectoryProvider } from "../rich/rich-directory";
import { ThreadCreatedNotice } from "../threads/thread-created-notice";
import { MessageItem } from "./message-item";
import { ChannelStart, FragmentWithDivider, JumpToPresent } from "./message-list-parts";

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

  const firstNewId =
    newAfterId === null
      ? undefined
      : messages.find((m) => !m.sendState && m.author.id !== meId && compareIds(m.id, newAfterId) > 0)?.id;
  const arrivedSinceLeft =
    following || leftAtId === null
      ? 0
      : messages.filter((m) => !m.sendState && m.author.id !== meId && compareIds(m.id, leftAtId) > 0).length;
  const startOfHistory = start === 0 && !hasMore;

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="scroll-thin relative flex-1 overflow-y-auto"
        data-testid="message-scroller"
      >
        <div className="flex min-h-full flex-col justify-end pb-6">
          {!startOfHistory && (hasMore || start > 0) ? (
            <div className="flex justify-center py-4 text-muted">
              {loadingOlder ? (
                <Spinner label="Loading older messages" />
              ) : (
                <button
                  type="button"
                  onClick={nearTop}
                  className="rounded px-2 py-1 text-sm hover:bg-hover hover:text-text"
                >
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
            <div
              role="log"
              aria-live="polite"
              aria-relevant="additions text"
              aria-label={`Messages in ${channelLabel(channelName)}`}
            >
              <ol>
                {shown.map((message, index) => {
                  const prev = index === 0 ? messages[start - 1] : shown[index - 1];
                  const newDay = !prev || dayOf(prev.createdAt) !== dayOf(message.createdAt);
                  return (
                    <FragmentWithDivider
                      key={message.id}
                      divider={newDay ? formatDate(message.createdAt) : null}
                      newMessages={message.id === firstNewId}
                    >
                      {message.type === CHANNEL_PINNED_MESSAGE ? (
                        <PinnedNotice message={message} />
                      ) : message.type === THREAD_CREATED ? (
                        <ThreadCreatedNotice message={message} />
                      ) : (
                        <MessageItem
                          message={message}
                          grouped={!newDay && !startsGroup(prev, message)}
                          onRetry={onRetry}
                          onDiscard={onDiscard}
                          onRefresh={onRefresh}
                          onDismiss={onDismiss}
                        />
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
      {!atPresentEnd || arrivedSinceLeft > 0 ? (
        <JumpToPresent newCount={arrivedSinceLeft} onJump={jumpToPresent} />
      ) : null}
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
