"use client";

import type { UserView } from "@chat/api";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { ChatActionsProvider } from "../commands/chat-actions";
import { Composer } from "../composer/composer";
import { EmojiPicker } from "../emoji/emoji-picker";
import { MessageList } from "../history/message-list";
import { MessageListError, MessageListLoading } from "../history/message-list-parts";
import { MessageActionsProvider } from "../message-actions/message-actions-context";
import type { ComposerAttachment } from "../messages/composer-attachment";
import { useChannelMessages } from "../messages/use-channel-messages";
import { CancelReplyOnEscape } from "../replies/cancel-reply-on-escape";
import { ReplyBar } from "../replies/reply-bar";
import { SocialProvider, useSocialState } from "../social/social-context";
import { BackButton, PanelFrame } from "../threads/panel-frame";
import { messagesLabel } from "../threads/thread-chip";
import { NoThreads, type Threads, useThreads } from "../threads/threads-context";
import { useThreadCache } from "../threads/use-thread-cache";
import { TypingIndicator } from "../typing/typing-indicator";

/** A refusal in the thread's words (the state table's rows). */
function threadProblem(error: unknown, doing: "archive" | "unarchive" | "join" | "leave"): string {
  const code = (error as { data?: { apiCode?: number } } | null)?.data?.apiCode;
  if (code === 50013 && doing === "archive")
    return "Only the person who started this thread, or someone who can manage messages, can archive it.";
  if (code === 50013) return "You can’t post in this thread, so you can’t reopen it.";
  return errorMessage(error, `Could not ${doing} the thread. Try again.`);
}

/** The open thread beside its channel: its header (join or leave, archive or unarchive), messages and composer. */
export function ThreadPanel({ me }: { me: UserView }) {
  const threads = useThreads();
  if (!threads?.openThreadId) return null;
  return <OpenThread key={threads.openThreadId} threadId={threads.openThreadId} threads={threads} me={me} />;
}

function OpenThread({ threadId, threads, me }: { threadId: string; threads: Threads; me: UserView }) {
  const trpc = useTRPC();
  const cache = useThreadCache();
  const open = useQuery(trpc.threads.get.queryOptions({ threadId }));
  const feed = useChannelMessages(threadId, me);
  const typing = useMutation(trpc.messages.typing.mutationOptions({ onError: () => {} }));
  const join = useMutation(trpc.threads.join.mutationOptions());
  const leave = useMutation(trpc.threads.leave.mutationOptions());
  const setArchived = useMutation(trpc.threads.setArchived.mutationOptions());
  const [problem, setProblem] = useState<string | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const focusComposer = useCallback(() => composer.current?.focus(), []);
  const thread = open.data?.thread;
  const social = useSocialState(threadId, thread?.guildId ?? null, me.id, focusComposer);
  const name = thread?.name ?? "thread";
  const ready = feed.status === "ready" && thread !== undefined;
  // Opened from a chip or the list: typing goes into the thread.
  useEffect(() => {
    if (ready) composer.current?.focus();
  }, [ready]);

  async function run(doing: "archive" | "unarchive" | "join" | "leave") {
    setProblem(null);
    try {
      if (doing === "join" || doing === "leave") {
        await (doing === "join" ? join : leave).mutateAsync({ threadId });
        cache.joined(threadId, doing === "join");
      } else cache.put(await setArchived.mutateAsync({ threadId, archived: doing === "archive" }));
    } catch (error) {
      setProblem(threadProblem(error, doing));
    }
  }

  function send(content: string, attachments?: ComposerAttachment[]) {
    feed.send(content, { files: attachments, replyTo: social.replyingTo });
    social.cancelReply();
    // Posting makes the poster a member (and reopens an archived thread: its THREAD_UPDATE follows).
    cache.joined(threadId, true);
  }

  return (
    <PanelFrame label={`Thread ${name}`} testId="thread-panel">
      <header className="flex min-h-12 shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-black/25 px-4 py-1.5 shadow-sm">
        <BackButton label={`Close thread, back to #${threads.channelName}`} onClick={threads.close} />
        <div className="min-w-0 flex-1 basis-52">
          <div className="flex min-w-0 items-center gap-2">
            <h2 className="truncate font-semibold text-white" data-testid="thread-name">
              {thread?.name ?? "Loading thread…"}
            </h2>
            {thread?.archived ? (
              <span
                data-testid="thread-archived"
                className="shrink-0 rounded bg-raised px-1.5 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-text"
              >
                Archived
              </span>
            ) : null}
          </div>
          {thread ? (
            <p className="truncate text-xs text-muted" data-testid="thread-meta">
              {messagesLabel(thread.messageCount)} · {thread.memberCount}{" "}
              {thread.memberCount === 1 ? "member" : "members"} · in #{threads.channelName}
            </p>
          ) : null}
        </div>
        {thread && open.data ? (
          <div className="ml-auto flex shrink-0 gap-1.5">
            <Button
              size="sm"
              variant="ghost"
              busy={join.isPending || leave.isPending}
              onClick={() => void run(open.data.joined ? "leave" : "join")}
            >
              {open.data.joined ? "Leave" : "Join"}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              busy={setArchived.isPending}
              onClick={() => void run(thread.archived ? "unarchive" : "archive")}
            >
              {thread.archived ? "Unarchive" : "Archive"}
            </Button>
          </div>
        ) : null}
      </header>
      {problem ? (
        <Alert tone="error" className="mx-4 mt-2">
          {problem}{" "}
          <button type="button" className="font-medium underline hover:no-underline" onClick={() => setProblem(null)}>
            Dismiss
          </button>
        </Alert>
      ) : null}
      {open.isError ? (
        <MessageListError
          message={errorMessage(open.error, "Could not open the thread.")}
          onRetry={() => void open.refetch()}
        />
      ) : (
        <NoThreads>
          <ChatActionsProvider value={null}>
            <MessageActionsProvider channelId={threadId} meId={me.id} onEditEnd={focusComposer}>
              <SocialProvider value={social}>
                {feed.status === "loading" ? (
                  <MessageListLoading />
                ) : feed.status === "error" ? (
                  <MessageListError message={feed.error ?? "Could not load messages."} onRetry={feed.reload} />
                ) : (
                  <MessageList
                    channelName={name}
                    messages={feed.messages}
                    hasMore={feed.hasMore}
                    historyHidden={feed.historyHidden}
                    loadingOlder={feed.loadingOlder}
                    onLoadOlder={feed.loadOlder}
                    onRetry={feed.retry}
                    onDiscard={feed.discard}
                    onRefresh={feed.refresh}
                    meId={me.id}
                  />
                )}
                <TypingIndicator channelId={threadId} />
                {thread?.archived ? (
                  <p className="px-4 pb-1 text-xs text-muted" data-testid="thread-archived-note">
                    This thread is archived. Sending a message reopens it.
                  </p>
                ) : null}
                <ReplyBar />
                <CancelReplyOnEscape>
                  <Composer
                    ref={composer}
                    channelId={threadId}
                    guildId={thread?.guildId}
                    channelName={name}
                    disabled={!ready}
                    onSend={send}
                    onTyping={() => typing.mutate({ channelId: threadId })}
                  />
                </CancelReplyOnEscape>
                {social.picker ? (
                  <EmojiPicker
                    anchor={social.picker.anchor}
                    guildId={thread?.guildId ?? null}
                    onPick={social.picker.onPick}
                    onClose={social.closePicker}
                  />
                ) : null}
              </SocialProvider>
            </MessageActionsProvider>
          </ChatActionsProvider>
        </NoThreads>
      )}
    </PanelFrame>
  );
}
