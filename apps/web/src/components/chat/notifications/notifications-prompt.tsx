"use client";

import { useEffect, useState } from "react";
import { BellIcon } from "@/components/ui/icons";
import { notificationsSupported } from "./use-desktop-notifications";

const DISMISSED_KEY = "chat:notifications-prompt-dismissed";

function shouldAsk(): boolean {
  return (
    notificationsSupported() &&
    Notification.permission === "default" &&
    window.localStorage.getItem(DISMISSED_KEY) === null
  );
}

/**
 * Asks once, in words, before the browser's own question: notifications are only for mentions
 * and direct messages. Hidden once answered either way.
 */
export function NotificationsPrompt() {
  const [asking, setAsking] = useState(false);
  // Only the browser knows (the server renders nothing here).
  useEffect(() => setAsking(shouldAsk()), []);
  if (!asking) return null;
  async function turnOn() {
    await Notification.requestPermission();
    setAsking(false);
  }
  function notNow() {
    window.localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
    setAsking(false);
  }
  return (
    <section
      aria-label="Desktop notifications"
      className="mx-2 mb-2 rounded-lg border border-line bg-raised p-3 text-sm text-text"
      data-testid="notifications-prompt"
    >
      <p className="flex gap-2">
        <BellIcon width={18} height={18} className="mt-0.5 shrink-0 text-accent" />
        <span>Get a desktop notification when someone mentions you or sends you a direct message?</span>
      </p>
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" onClick={notNow} className="rounded px-2 py-1 text-muted hover:bg-hover hover:text-text">
          Not now
        </button>
        <button
          type="button"
          onClick={() => void turnOn()}
          className="rounded bg-accent-strong px-2 py-1 font-medium text-white hover:bg-accent-hover"
        >
          Turn on
        </button>
      </div>
    </section>
  );
}
