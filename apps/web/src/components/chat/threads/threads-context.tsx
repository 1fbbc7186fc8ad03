"use client";

import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { DisplayMessage } from "../messages/use-channel-messages";
import { CreateThreadDialog } from "./create-thread-dialog";

/**
 * The threads of the open text channel: whether the list is open, which thread is open beside
 * the channel (it is in the URL: `/channels/<guild>/<thread>`), and starting a new one. Null
 * inside a thread, where no thread starts.
 */
export interface Threads {
  guildId: string;
  channelId: string;
  channelName: string;
  openThreadId: string | null;
  listOpen: boolean;
  setListOpen(open: boolean): void;
  open(threadId: string): void;
  close(): void;
  /** Asks for a name, then starts the thread (from `message` when given). */
  start(message: DisplayMessage | null): void;
}

const ThreadsContext = createContext<Threads | null>(null);

export function useThreads(): Threads | null {
  return useContext(ThreadsContext);
}

/** Inside a thread's panel: its messages start no threads and show no chips. */
export function NoThreads({ children }: { children: ReactNode }) {
  return <ThreadsContext value={null}>{children}</ThreadsContext>;
}

export function ThreadsProvider({
  guildId,
  channelId,
  channelName,
  openThreadId,
  children,
}: {
  guildId: string;
  channelId: string;
  channelName: string;
  openThreadId: string | null;
  children: ReactNode;
}) {
  const router = useRouter();
  const [listOpen, setListOpen] = useState(false);
  const [starting, setStarting] = useState<{ message: DisplayMessage | null } | null>(null);
  const open = useCallback((threadId: string) => router.push(`/channels/${guildId}/${threadId}`), [router, guildId]);
  const close = useCallback(() => router.push(`/channels/${guildId}/${channelId}`), [router, guildId, channelId]);
  const value = useMemo<Threads>(
    () => ({
      guildId,
      channelId,
      channelName,
      openThreadId,
      listOpen,
      setListOpen,
      open,
      close,
      start: (message) => setStarting({ message }),
    }),
    [guildId, channelId, channelName, openThreadId, listOpen, open, close],
  );
  return (
    <ThreadsContext value={value}>
      {children}
      <CreateThreadDialog
        channelId={channelId}
        starting={starting}
        onClose={() => setStarting(null)}
        onCreated={(thread) => {
          setStarting(null);
          setListOpen(false);
          open(thread.id);
        }}
      />
    </ThreadsContext>
  );
}
