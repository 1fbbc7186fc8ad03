"use client";

import type { ReadStateView } from "@chat/api";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "@/lib/trpc";
import { compareIds } from "../messages/message-merge";

/** A moment's pause first, so reading through a burst of messages is one acknowledgement. */
const ACK_DELAY_MS = 400;

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/**
 * Marks the open channel read up to its newest message while the person can see it: the tab is
 * visible and the history is scrolled to the end. Every tab and device of theirs hears it.
 */
export function useMarkRead(
  channelId: string,
  newestId: string | undefined,
  state: ReadStateView | undefined,
  atBottom: boolean,
): void {
  const trpc = useTRPC();
  const { mutate: ack } = useMutation(trpc.readStates.ack.mutationOptions());
  const visible = useDocumentVisible();
  const sent = useRef<string | null>(null);
  const lastReadId = state?.lastReadId ?? null;

  useEffect(() => {
    if (!newestId || !state || !visible || !atBottom) return;
    if (lastReadId !== null && compareIds(newestId, lastReadId) <= 0) return;
    if (sent.current !== null && compareIds(newestId, sent.current) <= 0) return;
    const timer = setTimeout(() => {
      sent.current = newestId;
      // Refused (too often): the next message or scroll to the end tries again.
      ack({ channelId, messageId: newestId }, { onError: () => (sent.current = null) });
    }, ACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ack, channelId, newestId, state, lastReadId, visible, atBottom]);
}
