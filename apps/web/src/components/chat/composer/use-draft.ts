"use client";

import { useEffect, useRef } from "react";

const key = (channelId: string) => `chat:draft:${channelId}`;

/** The unsent text of the channel in this tab's sessionStorage. */
export function readDraft(channelId: string): string {
  try {
    return sessionStorage.getItem(key(channelId)) ?? "";
  } catch {
    return "";
  }
}

/**
 * Keeps the channel's unsent text in this tab (sessionStorage: it survives switching channels
 * and reloads, not closing the tab); `restore` gets it once on mount, an empty text removes it.
 */
export function useDraft(channelId: string, value: string, restore: (draft: string) => void) {
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = readDraft(channelId);
    if (draft) restore(draft);
  }, [channelId, restore]);
  useEffect(() => {
    if (!restored.current) return;
    try {
      if (value) sessionStorage.setItem(key(channelId), value);
      else sessionStorage.removeItem(key(channelId));
    } catch {
      // Storage full or refused: the draft just is not kept.
    }
  }, [channelId, value]);
}
