"use client";

import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from "react";
import { TypingStore, type Typist } from "./typing-store";

const TypingContext = createContext<TypingStore | null>(null);

/** Who is typing where, for the whole chat (written by the live stream). */
export function TypingProvider({ children }: { children: ReactNode }) {
  const [typing] = useState(() => new TypingStore());
  return <TypingContext value={typing}>{children}</TypingContext>;
}

export function useTypingStore(): TypingStore {
  const typing = useContext(TypingContext);
  if (!typing) throw new Error("useTypingStore outside <TypingProvider>");
  return typing;
}

export function useTypists(channelId: string): readonly Typist[] {
  const typing = useTypingStore();
  return useSyncExternalStore(
    typing.subscribe,
    () => typing.typists(channelId),
    () => typing.typists(channelId),
  );
}
