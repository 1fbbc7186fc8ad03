"use client";

import { useEffect } from "react";

/** The tab's title: what is open, with the count of unread mentions in front ("(3) #general · Chat"). */
export function usePageTitle(place: string | null, mentions: number): void {
  useEffect(() => {
    const base = place ? `${place} · Chat` : "Chat";
    document.title = mentions > 0 ? `(${mentions}) ${base}` : base;
  }, [place, mentions]);
}
