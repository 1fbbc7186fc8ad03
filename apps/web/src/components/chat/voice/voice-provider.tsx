"use client";

import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { useTRPCClient } from "@/lib/trpc";
import { VoiceSession } from "./voice-session";
import type { VoiceSnapshot } from "./voice-snapshot";

const VoiceContext = createContext<VoiceSession | null>(null);

/** The tab's voice session (one connection at a time), with the element remote audio plays in. */
export function VoiceProvider({ children }: { children: ReactNode }) {
  const client = useTRPCClient();
  const [session] = useState(
    () =>
      new VoiceSession({
        join: (input) => client.voice.join.mutate(input),
        leave: (input) => client.voice.leave.mutate(input),
        setSelf: (input) => client.voice.setSelf.mutate(input),
      }),
  );
  useEffect(() => () => session.destroy(), [session]);
  return (
    <VoiceContext value={session}>
      {children}
      <div hidden data-testid="voice-audio-host" ref={(host) => session.setAudioHost(host)} />
    </VoiceContext>
  );
}

export function useVoiceSession(): VoiceSession {
  const session = useContext(VoiceContext);
  if (!session) throw new Error("useVoiceSession outside <VoiceProvider>");
  return session;
}

export function useVoice(): VoiceSnapshot {
  const session = useVoiceSession();
  return useSyncExternalStore(session.subscribe, session.snapshot, session.snapshot);
}
