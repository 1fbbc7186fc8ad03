"use client";

import type { ChannelView, UserView } from "@chat/api";
import { useEffect, useRef } from "react";
import { HashIcon } from "@/components/ui/icons";
import { Composer } from "./composer";
import { MessageList, MessageListError, MessageListLoading } from "./message-list";
import { type LiveState, useChannelMessages } from "./use-channel-messages";

/** A text channel: header, history and composer. */
export function MessagePane({ channel, me }: { channel: ChannelView; me: UserView }) {
  const feed = useChannelMessages(channel.id, me);
  const composer = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    composer.current?.focus();
  }, []);

  useEffect(() => {
    document.title = `#${channel.name} · Chat`;
  }, [channel.name]);

  return (
    <section className="flex min-h-0 min-w-0 flex-1 flex-col bg-chat" aria-label={`#${channel.name}`}>
      <header className="flex h-12 shrink-0 items-center gap-2 border-b border-black/25 px-4 shadow-sm">
        <HashIcon className="text-faint" />
        <h1 className="font-semibold text-white">{channel.name}</h1>
        {channel.topic ? <p className="truncate border-l border-line pl-3 text-sm text-muted">{channel.topic}</p> : null}
        <LiveBadge state={feed.status === "ready" ? feed.live : null} />
      </header>
      {feed.status === "loading" ? (
        <MessageListLoading />
      ) : feed.status === "error" ? (
        <MessageListError message={feed.error ?? "Could not load messages."} onRetry={feed.reload} />
      ) : (
        <MessageList
          channelName={channel.name}
          messages={feed.messages}
          hasMore={feed.hasMore}
          historyHidden={feed.historyHidden}
          loadingOlder={feed.loadingOlder}
          onLoadOlder={feed.loadOlder}
          onRetry={feed.retry}
          onDiscard={feed.discard}
          onRefresh={feed.refresh}
        />
      )}
      <Composer ref={composer} channelName={channel.name} disabled={feed.status !== "ready"} onSend={feed.send} />
    </section>
  );
}

const LIVE_LABELS = { connecting: "Connecting…", reconnecting: "Reconnecting…", offline: "Live updates stopped — reload to resume" } as const;

function LiveBadge({ state }: { state: LiveState | null }) {
  if (state === null || state === "live") return null;
  return (
    <span role="status" className={`ml-auto flex items-center gap-1.5 text-xs ${state === "offline" ? "text-danger" : "text-warning"}`}>
      <span className={`size-2 rounded-full ${state === "offline" ? "bg-danger" : "animate-pulse bg-warning"}`} />
      {LIVE_LABELS[state]}
    </span>
  );
}
