"use client";

import type { ChannelView, UserView } from "@chat/api";
import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import {
  type ComponentProps,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { type LiveStatus, useLiveStatus } from "@/components/live/live-provider";
import { HashIcon } from "@/components/ui/icons";
import { useTRPC } from "@/lib/trpc";
import { type ChatActions, ChatActionsProvider } from "../commands/chat-actions";
import { Composer, type ComposerCommands } from "../composer/composer";
import { channelLabel } from "../dms/channel-label";
import { EmojiPicker } from "../emoji/emoji-picker";
import { MessageList } from "../history/message-list";
import { MessageListError, MessageListLoading } from "../history/message-list-parts";
import { useEphemeralStore } from "../interactions/interactions-provider";
import { useInteractionSenders } from "../interactions/use-interaction-senders";
import { MemberSheet } from "../members/member-sheet";
import { MessageActionsProvider, useMessageActions } from "../message-actions/message-actions-context";
import { compareIds } from "../messages/message-merge";
import { type DisplayMessage, useChannelMessages } from "../messages/use-channel-messages";
import { PinsButton } from "../pins/pins-button";
import { isUnread, type ReadStateIndex } from "../read-states/read-state-math";
import { useMarkRead } from "../read-states/use-mark-read";
import { CancelReplyOnEscape } from "../replies/cancel-reply-on-escape";
import { ReplyBar } from "../replies/reply-bar";
import { useLinkedMessage } from "../replies/use-linked-message";
import { SocialProvider, useSocialState } from "../social/social-context";
import { TypingIndicator } from "../typing/typing-indicator";
import { VoicePhoneBadge } from "../voice/voice-phone-badge";

/** Commands change without any event: the picker asks again when it opens, at most this often. */
const COMMANDS_FRESH_MS = 10_000;

/** A text channel: header, history (with this person's ephemeral messages) and composer, with its commands; `aside` beside it. */
export function MessagePane({
  channel,
  me,
  readStates,
  aside,
  navigation,
  headerActions,
}: {
  channel: ChannelView;
  me: UserView;
  readStates: ReadStateIndex;
  aside?: ReactNode;
  /** Phones: the guilds and channels are a drawer this header opens. */
  navigation?: { open: boolean; show(): void };
  /** Buttons at the header's end (the threads button). */
  headerActions?: ReactNode;
}) {
  const feed = useChannelMessages(channel.id, me);
  const ephemeralStore = useEphemeralStore();
  const ephemeral = useSyncExternalStore(
    ephemeralStore.subscribe,
    () => ephemeralStore.in(channel.id),
    () => ephemeralStore.in(channel.id),
  );
  const messages = useMemo(() => {
    if (ephemeral.length === 0) return feed.messages;
    const sent = [...feed.messages.filter((m) => !m.sendState), ...ephemeral].sort((a, b) => compareIds(a.id, b.id));
    return [...sent, ...feed.messages.filter((m) => m.sendState)];
  }, [feed.messages, ephemeral]);
  const live = useLiveStatus();
  const trpc = useTRPC();
  // "X is typing…" for the others; a refusal (typing too often) is not worth telling anyone.
  const typing = useMutation(trpc.messages.typing.mutationOptions({ onError: () => {} }));
  const composer = useRef<HTMLTextAreaElement>(null);
  const focusComposer = useCallback(() => composer.current?.focus(), []);
  const social = useSocialState(channel.id, channel.guildId, me.id, focusComposer);
  useLinkedMessage(channel.id, feed.status === "ready" ? messages.map((m) => m.id) : null);
  const commandsQuery = useQuery(
    trpc.commands.forChannel.queryOptions(channel.guildId ? { channelId: channel.id } : skipToken),
  );
  const commandGroups = commandsQuery.data ?? (commandsQuery.isError ? [] : null);
  const commandsLoadedAt = useRef(0);
  commandsLoadedAt.current = commandsQuery.dataUpdatedAt;
  const refetchCommands = commandsQuery.refetch;
  const refreshCommands = useCallback(() => {
    if (Date.now() - commandsLoadedAt.current > COMMANDS_FRESH_MS) void refetchCommands();
  }, [refetchCommands]);
  const senders = useInteractionSenders(channel.id);
  const actions = useMemo<ChatActions | null>(
    () =>
      channel.guildId ? { guildId: channel.guildId, channelId: channel.id, commands: commandGroups, ...senders } : null,
    [channel.guildId, channel.id, commandGroups, senders],
  );
  const composerCommands = useMemo<ComposerCommands | undefined>(
    () =>
      actions
        ? {
            groups: commandGroups,
            send: actions.sendSlash,
            refresh: refreshCommands,
          }
        : undefined,
    [actions, commandGroups, refreshCommands],
  );

  useEffect(() => {
    composer.current?.focus();
  }, []);

  const readState = readStates.byChannel.get(channel.id);
  const [atBottom, setAtBottom] = useState(true);
  const newest = feed.messages.findLast((m) => !m.sendState)?.id;
  useMarkRead(channel.id, newest, readState, atBottom);

  // Where "new messages" began when the channel was opened; it stays while the channel is open.
  const [newAfter, setNewAfter] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (newAfter !== undefined || feed.status !== "ready" || !readState) return;
    setNewAfter(isUnread(readState) ? (readState.lastReadId ?? "0") : null);
  }, [newAfter, feed.status, readState]);

  return (
    <ChatActionsProvider value={actions}>
      <MessageActionsProvider channelId={channel.id} meId={me.id} onEditEnd={focusComposer}>
        <SocialProvider value={social}>
          <section className="flex min-h-0 min-w-0 flex-1 flex-col bg-chat" aria-label={channelLabel(channel.name)}>
            <header className="flex h-12 shrink-0 items-center gap-2 border-b border-black/25 px-4 shadow-sm">
              {navigation ? (
                <button
                  type="button"
                  data-nav-toggle
                  aria-label="Guilds and channels"
                  aria-expanded={navigation.open}
                  onClick={navigation.show}
                  className="-ml-2 grid size-9 shrink-0 place-items-center rounded-md text-muted hover:bg-hover hover:text-text md:hidden"
                >
                  <svg
                    width="20"
                    height="20"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    aria-hidden="true"
                  >
                    <path d="M4 6h16M4 12h16M4 18h16" />
                  </svg>
                </button>
              ) : null}
              {channel.guildId ? <HashIcon className="shrink-0 text-faint" /> : null}
              <h1 className="font-semibold text-white">{channel.name}</h1>
              {channel.topic ? (
                <p className="truncate border-l border-line pl-3 text-sm text-muted">{channel.topic}</p>
              ) : null}
              <span className="flex-1" />
              {navigation ? <VoicePhoneBadge onOpen={navigation.show} /> : null}
              <LiveBadge state={feed.status === "ready" ? live : null} />
              {channel.guildId ? <PinsButton channelId={channel.id} /> : null}
              {headerActions}
              {channel.guildId ? <MemberSheet guildId={channel.guildId} /> : null}
            </header>
            {feed.status === "loading" ? (
              <MessageListLoading />
            ) : feed.status === "error" ? (
              <MessageListError message={feed.error ?? "Could not load messages."} onRetry={feed.reload} />
            ) : (
              <MessageList
                channelId={channel.guildId ? channel.id : undefined}
                channelName={channel.name}
                messages={messages}
                hasMore={feed.hasMore}
                historyHidden={feed.historyHidden}
                loadingOlder={feed.loadingOlder}
                onLoadOlder={feed.loadOlder}
                onRetry={feed.retry}
                onDiscard={feed.discard}
                onRefresh={feed.refresh}
                onDismiss={(id) => ephemeralStore.remove(channel.id, id)}
                newAfterId={newAfter ?? null}
                meId={me.id}
                onBottomChange={setAtBottom}
              />
            )}
            <TypingIndicator channelId={channel.id} />
            <ReplyBar />
            <CancelReplyOnEscape>
              <EditLastComposer
                messages={messages}
                ref={composer}
                channelId={channel.id}
                guildId={channel.guildId}
                channelName={channel.name}
                disabled={feed.status !== "ready"}
                onSend={(content, files) => {
                  feed.send(content, { files, replyTo: social.replyingTo });
                  social.cancelReply();
                }}
                onTyping={() => typing.mutate({ channelId: channel.id })}
                commands={composerCommands}
              />
            </CancelReplyOnEscape>
          </section>
          {/* The member list shares the channel's actions (its members' Apps menus). */}
          {aside}
          {social.picker ? (
            <EmojiPicker
              anchor={social.picker.anchor}
              guildId={channel.guildId}
              onPick={social.picker.onPick}
              onClose={social.closePicker}
            />
          ) : null}
        </SocialProvider>
      </MessageActionsProvider>
    </ChatActionsProvider>
  );
}

/** The composer, where ArrowUp in an empty box edits the person's last message. */
function EditLastComposer({ messages, ...props }: ComponentProps<typeof Composer> & { messages: DisplayMessage[] }) {
  const actions = useMessageActions();
  function onEditLast() {
    const mine = actions
      ? messages.findLast((m) => m.author.id === actions.meId && !m.sendState && !m.ephemeral && !m.interaction)
      : undefined;
    if (!mine || !actions) return false;
    actions.startEdit(mine.id);
    return true;
  }
  return <Composer {...props} onEditLast={onEditLast} />;
}

const LIVE_LABELS = {
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  offline: "Live updates stopped — reload to resume",
} as const;

function LiveBadge({ state }: { state: LiveStatus | null }) {
  if (state === null || state === "live") return null;
  return (
    <span
      role="status"
      className={`ml-auto flex items-center gap-1.5 text-xs ${state === "offline" ? "text-danger" : "text-warning"}`}
    >
      <span className={`size-2 rounded-full ${state === "offline" ? "bg-danger" : "animate-pulse bg-warning"}`} />
      {LIVE_LABELS[state]}
    </span>
  );
}
