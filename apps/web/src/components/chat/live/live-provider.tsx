"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { isUnauthorized } from "@/lib/errors";
import { sendToLogin } from "@/lib/return-path";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import { AutocompleteStore } from "../interactions/autocomplete-store";
import { FormStore } from "../forms/form-store";
import { EphemeralStore } from "../interactions/ephemeral-store";
import { InteractionStore } from "../interactions/interaction-store";
import { useDesktopNotifications } from "../notifications/use-desktop-notifications";
import { LiveCache, type LiveNotice } from "./live-cache";
import { QueryPatcher } from "./query-patcher";
import { TypingStore, type Typist } from "./typing-store";

/** The stream's state as the person is told it: nothing while live. */
export type LiveStatus = "connecting" | "live" | "reconnecting" | "offline";

interface LiveContextValue {
  status: LiveStatus;
  notice: LiveNotice | null;
  dismissNotice(): void;
  typing: TypingStore;
  interactions: InteractionStore;
  ephemeral: EphemeralStore;
  autocomplete: AutocompleteStore;
  forms: FormStore;
  patcher: QueryPatcher;
  /** This tab's id on the live stream now (new after each reconnection); null until connected. */
  tabId(): string | null;
}

const LiveContext = createContext<LiveContextValue | null>(null);

function useLive(): LiveContextValue {
  const live = useContext(LiveContext);
  if (!live) throw new Error("useLive outside <LiveProvider>");
  return live;
}

export function useLiveStatus(): LiveStatus {
  return useLive().status;
}

export function useLiveNotice(): { notice: LiveNotice | null; dismiss(): void } {
  const { notice, dismissNotice } = useLive();
  return { notice, dismiss: dismissNotice };
}

export function useTypists(channelId: string): readonly Typist[] {
  const { typing } = useLive();
  return useSyncExternalStore(
    typing.subscribe,
    () => typing.typists(channelId),
    () => typing.typists(channelId),
  );
}

/** This tab's commands and clicks on their way (written by the live stream and by the senders). */
export function useFormStore(): FormStore {
  return useLive().forms;
}

export function useInteractionStore(): InteractionStore {
  return useLive().interactions;
}

/** The id the live stream gave this tab: events addressed to it alone (an interaction's outcome) name it. */
export function useLiveTabId(): () => string | null {
  return useLive().tabId;
}

/** This tab's autocomplete answers (choices or failures), by interaction id. */
export function useAutocompleteStore(): AutocompleteStore {
  return useLive().autocomplete;
}

/** Writes what the tab made itself into the query cache, safe from fetches already on their way. */
export function useQueryPatcher(): QueryPatcher {
  return useLive().patcher;
}

/** Messages only this person sees in a channel, kept by the tab until reload or dismissal. */
export function useEphemeralStore(): EphemeralStore {
  return useLive().ephemeral;
}

/**
 * The person's one live stream for this tab (every guild, every channel they can see), written
 * into the query cache as it arrives. A dropped connection resumes from the last event seen
 * (the tRPC link sends it back); when the server cannot replay the gap, or on the first
 * connection, everything cached is loaded again so nothing that happened meanwhile is missed.
 */
export function LiveProvider({ meId, children }: { meId: string; children: ReactNode }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const [notice, setNotice] = useState<LiveNotice | null>(null);
  const [typing] = useState(() => new TypingStore());
  const [interactions] = useState(() => new InteractionStore());
  const [ephemeral] = useState(() => new EphemeralStore());
  const [autocomplete] = useState(() => new AutocompleteStore());
  const [forms] = useState(() => new FormStore());
  const [patcher] = useState(() => new QueryPatcher(queryClient));
  const tabId = useRef<string | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;
  const showNotification = useDesktopNotifications(meId);
  const notify = useRef(showNotification);
  notify.current = showNotification;

  useEffect(() => {
    const cache = new LiveCache({ queryClient, trpc, typing, interactions, ephemeral, autocomplete, forms, meId, patcher, onNotice: setNotice, onMessage: (message) => notify.current(message) });
    const subscription = client.live.stream.subscribe(
      { lastEventId: null },
      {
        onData: (frame) => {
          if ("kind" in frame && frame.kind === "ready") {
            tabId.current = frame.tabId;
            setStatus("live");
            // Not a resumption: whatever is cached may have missed events before this stream began.
            if (!frame.resumed) {
              typing.clear();
              patcher.reload();
            }
            return;
          }
          if ("data" in frame) cache.apply(frame.data);
        },
        onConnectionStateChange: (connection) => {
          if (connection.state === "connecting") tabId.current = null;
          if (connection.state === "connecting" && statusRef.current === "live") setStatus("reconnecting");
        },
        onError: (error) => {
          // The server ends the stream the moment the session ends (signed out elsewhere, suspended).
          if (isUnauthorized(error)) sendToLogin();
          else setStatus("offline");
        },
      },
    );
    return () => {
      subscription.unsubscribe();
      typing.clear();
      interactions.clear();
      autocomplete.clear();
      forms.close();
    };
  }, [client, queryClient, trpc, typing, interactions, ephemeral, autocomplete, forms, patcher, meId]);

  const value: LiveContextValue = { status, notice, dismissNotice: () => setNotice(null), typing, interactions, ephemeral, autocomplete, forms, patcher, tabId: () => tabId.current };
  return <LiveContext value={value}>{children}</LiveContext>;
}
