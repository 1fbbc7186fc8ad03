import type { MessageView } from "@chat/api";
import { useState } from "react";

/** Gets the message again (fresh file URLs), or null when it is gone or out of reach. */
export type RefreshMessage = () => Promise<MessageView | null>;

/** True once a signed URL's `ex` (unix seconds, hex) has passed, by this browser's clock. */
export function expired(url: string): boolean {
  const ex = new URL(url).searchParams.get("ex");
  return ex !== null && Number.parseInt(ex, 16) * 1000 <= Date.now();
}

/** The same file as a download: the CDN answers `download` with Content-Disposition: attachment (the `download` attribute does nothing across origins). */
export function downloadUrl(url: string): string {
  const download = new URL(url);
  download.searchParams.set("download", "1");
  return download.toString();
}

/**
 * For a picture or video that fails to load: the first failure asks for the message again
 * (`onStale`), which brings fresh URLs; a failure of the fresh one too gives up (no loop), and
 * the file then shows as a card to download.
 */
export function useRefreshOnError(url: string, onStale: RefreshMessage): { gaveUp: boolean; onError(): void } {
  const [failed, setFailed] = useState<string[]>([]);
  return {
    gaveUp: failed.length > 1 && failed.includes(url),
    onError() {
      if (failed.includes(url)) return;
      setFailed((list) => [...list, url]);
      if (failed.length === 0) void onStale();
    },
  };
}
