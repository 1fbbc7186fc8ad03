"use client";

import type { MessageView, UserView } from "@chat/api";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage, isForbidden, isUnauthorized } from "@/lib/errors";
import { sendToLogin } from "@/lib/return-path";
import { trpc } from "@/lib/trpc";

/** One event of the channel's live stream: a new, an edited or a deleted message. */
type LiveMessageEvent = { kind: "create" | "update"; message: MessageView } | { kind: "delete"; id: string; channelId: string };

export interface DisplayMessage extends MessageView {
  /** Set while a message of this tab is on its way, or when it could not be sent. */
  sendState?: "pending" | "failed";
  sendError?: string;
}

export type LiveState = "connecting" | "live" | "reconnecting" | "offline";

interface ChannelMessages {
  messages: DisplayMessage[];
  status: "loading" | "ready" | "error";
  error: string | null;
  hasMore: boolean;
  /** The person may view the channel but not read its history. */
  historyHidden: boolean;
  loadingOlder: boolean;
  live: LiveState;
}

const INITIAL: ChannelMessages = { messages: [], status: "loading", error: null, hasMore: false, historyHidden: false, loadingOlder: false, live: "connecting" };

/** Decimal ids compare by length first, then as text. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The newer of two copies of one message: an edit never goes back to an older text. */
function newer(current: DisplayMessage | undefined, incoming: MessageView): MessageView {
  if (!current?.editedAt) return incoming;
  return incoming.editedAt && incoming.editedAt >= current.editedAt ? incoming : current;
}

/**
 * Confirmed messages by id (sorted, no duplicates, without the deleted ones), then this tab's
 * unconfirmed ones.
 */
function merge(current: DisplayMessage[], incoming: MessageView[], deleted: ReadonlySet<string>, dropLocalId?: string): DisplayMessage[] {
  const byId = new Map<string, DisplayMessage>();
  const local: DisplayMessage[] = [];
  for (const m of current) {
    if (m.sendState) {
      if (m.id !== dropLocalId) local.push(m);
    } else byId.set(m.id, m);
  }
  for (const m of incoming) if (!deleted.has(m.id)) byId.set(m.id, newer(byId.get(m.id), m));
  return [...[...byId.values()].sort((a, b) => compareIds(a.id, b.id)), ...local];
}

/** An edit replaces a message shown (one not loaded stays unloaded); a deletion removes it. */
function applyLive(current: DisplayMessage[], event: LiveMessageEvent, deleted: ReadonlySet<string>): DisplayMessage[] {
  switch (event.kind) {
    case "create":
      return merge(current, [event.message], deleted);
    case "update":
      return current.some((m) => m.id === event.message.id && !m.sendState) ? merge(current, [event.message], deleted) : current;
    case "delete":
      return current.some((m) => m.id === event.id && !m.sendState) ? current.filter((m) => m.sendState || m.id !== event.id) : current;
  }
}

function newNonce(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * One channel's messages: the newest page, older pages on demand, new, edited and deleted ones
 * live over SSE (after a reconnect the server fills the gap of new messages from the last id
 * seen), and sending with an optimistic copy that turns into the real message.
 */
export function useChannelMessages(channelId: string, me: UserView) {
  const [state, setState] = useState<ChannelMessages>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  const oldestRef = useRef<string | null>(null);
  /** Ids deleted while the channel is open: a page or a send reply that comes later must not bring them back. */
  const deletedRef = useRef(new Set<string>());
  const stateRef = useRef(state);
  stateRef.current = state;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries after an error
  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | null = null;
    setState(INITIAL);
    deletedRef.current = new Set();
    const deleted = deletedRef.current;

    /** New, edited and deleted messages from `lastEventId` on (null: from now on, without back-fill). */
    function listen(lastEventId: string | null) {
      const subscription = trpc.messages.onChange.subscribe(
        { channelId, lastEventId },
        {
          onData: ({ data }) => {
            if (!active) return;
            const event: LiveMessageEvent = data;
            if (event.kind === "delete") deleted.add(event.id);
            setState((s) => ({ ...s, messages: applyLive(s.messages, event, deleted) }));
          },
          onConnectionStateChange: (connection) => {
            if (!active) return;
            setState((s) => ({ ...s, live: connection.state === "pending" ? "live" : connection.state === "connecting" && s.live === "live" ? "reconnecting" : s.live }));
          },
          onStarted: () => {
            if (active) setState((s) => ({ ...s, live: "live" }));
          },
          onError: (error) => {
            if (!active) return;
            // The server ends the stream the moment the session ends (signed out elsewhere, suspended).
            if (isUnauthorized(error)) sendToLogin();
            else setState((s) => ({ ...s, live: "offline" }));
          },
        },
      );
      unsubscribe = () => subscription.unsubscribe();
    }

    trpc.messages.list.query({ channelId }).then(
      (page) => {
        if (!active) return;
        oldestRef.current = page.messages[0]?.id ?? null;
        setState((s) => ({ ...s, status: "ready", messages: merge(s.messages, page.messages, deleted), hasMore: page.hasMore }));
        listen(page.messages.at(-1)?.id ?? "0");
      },
      (error: unknown) => {
        if (!active) return;
        if (isForbidden(error)) {
          // View Channel without Read Message History: no history, but new messages still arrive.
          setState((s) => ({ ...s, status: "ready", historyHidden: true }));
          listen(null);
        } else setState((s) => ({ ...s, status: "error", error: errorMessage(error, "Could not load messages.") }));
      },
    );
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [channelId, attempt]);

  const loadOlder = useCallback(async () => {
    const before = oldestRef.current;
    if (!before || !stateRef.current.hasMore || stateRef.current.loadingOlder) return;
    stateRef.current = { ...stateRef.current, loadingOlder: true };
    setState((s) => ({ ...s, loadingOlder: true }));
    try {
      const page = await trpc.messages.list.query({ channelId, before });
      oldestRef.current = page.messages[0]?.id ?? before;
      setState((s) => ({ ...s, loadingOlder: false, hasMore: page.hasMore, messages: merge(s.messages, page.messages, deletedRef.current) }));
    } catch (error) {
      setState((s) => ({ ...s, loadingOlder: false, error: errorMessage(error, "Could not load older messages.") }));
    }
  }, [channelId]);

  const deliver = useCallback(
    async (localId: string, content: string) => {
      try {
        const sent = await trpc.messages.send.mutate({ channelId, content, nonce: localId.slice(6) });
        setState((s) => ({ ...s, messages: merge(s.messages, [sent], deletedRef.current, localId) }));
      } catch (error) {
        setState((s) => ({
          ...s,
          messages: s.messages.map((m) => (m.id === localId ? { ...m, sendState: "failed", sendError: errorMessage(error, "Not sent.") } : m)),
        }));
      }
    },
    [channelId],
  );

  const send = useCallback(
    (content: string) => {
      const localId = `local-${newNonce()}`;
      const optimistic: DisplayMessage = { id: localId, channelId, content, createdAt: new Date().toISOString(), editedAt: null, author: me, attachments: [], sendState: "pending" };
      setState((s) => ({ ...s, messages: [...s.messages, optimistic] }));
      void deliver(localId, content);
    },
    [channelId, me, deliver],
  );

  const retry = useCallback(
    (localId: string) => {
      const failed = stateRef.current.messages.find((m) => m.id === localId);
      if (!failed) return;
      setState((s) => ({ ...s, messages: s.messages.map((m) => (m.id === localId ? { ...m, sendState: "pending", sendError: undefined } : m)) }));
      void deliver(localId, failed.content);
    },
    [deliver],
  );

  /** One shown message again, with fresh file URLs (the ones shown expire after 24 hours); null if it is out of reach. */
  const refresh = useCallback(
    async (messageId: string): Promise<MessageView | null> => {
      try {
        const fresh = await trpc.messages.get.query({ channelId, messageId });
        setState((s) => ({ ...s, messages: s.messages.some((m) => m.id === fresh.id && !m.sendState) ? merge(s.messages, [fresh], deletedRef.current) : s.messages }));
        return fresh;
      } catch {
        return null;
      }
    },
    [channelId],
  );

  const discard = useCallback((localId: string) => {
    setState((s) => ({ ...s, messages: s.messages.filter((m) => m.id !== localId) }));
  }, []);

  return { ...state, loadOlder, send, retry, discard, refresh, reload: () => setAttempt((a) => a + 1) };
}
