"use client";

import { useParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { jumpToMessage } from "./jump-to-message";

/**
 * A message link (`/channels/{guild}/{channel}/{message}`) opened: once the history is there,
 * the message is scrolled to and highlighted, once per link (when it is in the loaded history).
 */
export function useLinkedMessage(channelId: string, loadedIds: readonly string[] | null) {
  const params = useParams<{ ids?: string[] }>();
  const [, linkedChannel, linkedMessage] = params.ids ?? [];
  const done = useRef<string | null>(null);
  const target = linkedChannel === channelId ? linkedMessage : undefined;
  const present = target !== undefined && loadedIds?.includes(target) === true;
  useEffect(() => {
    if (!target || !present || done.current === target) return;
    // After the list's own first scroll to the end.
    const frame = requestAnimationFrame(() => {
      if (jumpToMessage(target)) done.current = target;
    });
    return () => cancelAnimationFrame(frame);
  }, [target, present]);
}
