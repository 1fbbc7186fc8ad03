"use client";

import { Button } from "@/components/ui/button";
import type { LiveNotice } from "./live-notice";

function text(notice: LiveNotice): { title: string; body: string } {
  switch (notice.kind) {
    case "removed-from-guild":
      return {
        title: `You’re no longer in ${notice.name}`,
        body: "You were removed from this guild, so its channels and messages are gone from your view.",
      };
    case "guild-deleted":
      return { title: `${notice.name} was deleted`, body: "The guild and all its channels no longer exist." };
    case "channel-gone":
      return {
        title: `#${notice.name} is gone`,
        body: "This channel was deleted, or you can no longer see it. Pick another channel on the left.",
      };
  }
}

/** Tells the person why the guild or channel they were in left the screen. */
export function LiveNoticeBanner({ notice, onDismiss }: { notice: LiveNotice; onDismiss(): void }) {
  const { title, body } = text(notice);
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center p-8 text-center"
      role="alert"
      data-testid="live-notice"
    >
      <h1 className="text-xl font-semibold text-white">{title}</h1>
      <p className="mt-2 max-w-sm text-muted">{body}</p>
      <Button className="mt-6" onClick={onDismiss}>
        Got it
      </Button>
    </div>
  );
}
