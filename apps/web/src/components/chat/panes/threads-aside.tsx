"use client";

import type { UserView } from "@chat/api";
import type { ReactNode } from "react";
import { ThreadListPanel } from "../threads/thread-list-panel";
import { useThreads } from "../threads/threads-context";
import { ThreadPanel } from "./thread-panel";

/** Beside the channel: the open thread, else the thread list when asked for, else `children` (the member list). */
export function ThreadsAside({ me, children }: { me: UserView; children: ReactNode }) {
  const threads = useThreads();
  if (threads?.openThreadId) return <ThreadPanel me={me} />;
  if (threads?.listOpen) return <ThreadListPanel />;
  return <>{children}</>;
}
