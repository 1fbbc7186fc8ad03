"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { isUnauthorized } from "@/lib/errors";
import { sendToLogin } from "@/lib/return-path";
import { useTRPCClient } from "@/lib/trpc";
import type { LiveNotice } from "./live-notice";
import { LiveRegistry } from "./live-registry";
import { QueryPatcher } from "./query-patcher";

/** The stream's state as the person is told it: nothing while live. */
export type LiveStatus = "connecting" | "live" | "reconnecting" | "offline";

interface LiveContextValue {
  status: LiveStatus;
  notice: LiveNotice | null;
  showNotice(notice: LiveNotice): void;
  dismissNotice(): void;
  registry: LiveRegistry;
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

/** The registry features install their cache writers in, and how they tell the person of a guild or channel gone. */
export function useLiveRegistry(): { registry: LiveRegistry; showNotice(notice: LiveNotice): void } {
  const { registry, showNotice } = useLive();
  return { registry, showNotice };
}

/** The id the live stream gave this tab: events addressed to it alone (an interaction's outcome) name it. */
export function useLiveTabId(): () => string | null {
  return useLive().tabId;
}

/** Writes what the tab made itself into the query cache, safe from fetches already on their way. */
export function useQueryPatcher(): QueryPatcher {
  return useLive().patcher;
}

/**
 * The person's one live stream for this tab (every guild, every channel they can see), each
 * event handed to the registry's handlers as it arrives. A dropped connection resumes from the
 * last event seen (the tRPC link sends it back); when the server cannot replay the gap, or on
 * the first connection, everything cached is loaded again so nothing that happened meanwhile is
 * missed. It knows no feature: they register (the registry is ready before the stream starts,
 * since children's effects run first).
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const [notice, setNotice] = useState<LiveNotice | null>(null);
  const [registry] = useState(() => new LiveRegistry());
  const [patcher] = useState(() => new QueryPatcher(queryClient));
  const tabId = useRef<string | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;

  useEffect(() => {
    const subscription = client.live.stream.subscribe(
      { lastEventId: null },
      {
        onData: (frame) => {
          if ("kind" in frame && frame.kind === "ready") {
            tabId.current = frame.tabId;
            setStatus("live");
            // Not a resumption: whatever is cached may have missed events before this stream began.
            if (!frame.resumed) {
              registry.reset();
              patcher.reload();
            }
            return;
          }
          if ("data" in frame) registry.dispatch(frame.data);
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
      registry.close();
    };
  }, [client, registry, patcher]);

  const value: LiveContextValue = {
    status,
    notice,
    showNotice: setNotice,
    dismissNotice: () => setNotice(null),
    registry,
    patcher,
    tabId: () => tabId.current,
  };
  return <LiveContext value={value}>{children}</LiveContext>;
}
