"use client";

import type { ReactNode } from "react";
import { useSocial } from "../social/social-context";

/** Around a composer: Escape not taken by the composer's own lists cancels the reply being written. */
export function CancelReplyOnEscape({ children }: { children: ReactNode }) {
  const social = useSocial();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a key handler for the composer inside
    <div
      onKeyDown={(e) => {
        if (e.key !== "Escape" || e.defaultPrevented || !social?.replyingTo) return;
        e.preventDefault();
        social.cancelReply();
      }}
    >
      {children}
    </div>
  );
}
