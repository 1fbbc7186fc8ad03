"use client";

import type { AttachmentView, MessageView } from "@chat/api";
import { type MouseEvent, useState } from "react";
import { formatFileSize as formatSize } from "@/lib/format";

/** Gets the message again (fresh file URLs), or null when it is gone or out of reach. */
export type RefreshMessage = () => Promise<MessageView | null>;

/** True once a signed URL's `ex` (unix seconds, hex) has passed, by this browser's clock. */
function expired(url: string): boolean {
  const ex = new URL(url).searchParams.get("ex");
  return ex !== null && Number.parseInt(ex, 16) * 1000 <= Date.now();
}

/**
 * A message's files: pictures inline, other files as links. Their URLs are signed and expire
 * after 24 hours. A picture that fails to load asks for the message again (`onStale`), which
 * brings fresh URLs, once: if the fresh one fails too it shows as a link. A link whose URL has
 * expired gets a fresh one when clicked.
 */
export function MessageAttachments({ attachments, onStale }: { attachments: AttachmentView[]; onStale: RefreshMessage }) {
  if (attachments.length === 0) return null;
  return (
    <div className="mt-1 flex flex-col items-start gap-1" data-testid="message-attachments">
      {attachments.map((attachment) =>
        attachment.image ? (
          <InlineImage key={attachment.id} attachment={attachment} onStale={onStale} />
        ) : (
          <FileLink key={attachment.id} attachment={attachment} onStale={onStale} />
        ),
      )}
    </div>
  );
}

function InlineImage({ attachment, onStale }: { attachment: AttachmentView; onStale: RefreshMessage }) {
  /** The URLs that failed: the first failure asks for fresh ones, a second gives up (no loop). */
  const [failed, setFailed] = useState<string[]>([]);
  if (failed.length > 1 && failed.includes(attachment.url)) return <FileLink attachment={attachment} onStale={onStale} />;
  return (
    // biome-ignore lint/performance/noImgElement: signed, expiring URLs of another origin; nothing to optimise
    <img
      src={attachment.url}
      alt={attachment.description || attachment.filename}
      data-testid="message-image"
      loading="lazy"
      className="max-h-[350px] max-w-[min(400px,100%)] rounded"
      onError={() => {
        if (failed.includes(attachment.url)) return;
        setFailed((list) => [...list, attachment.url]);
        if (failed.length === 0) void onStale();
      }}
    />
  );
}

function FileLink({ attachment, onStale }: { attachment: AttachmentView; onStale: RefreshMessage }) {
  async function openFresh(event: MouseEvent<HTMLAnchorElement>) {
    if (!expired(attachment.url)) return;
    event.preventDefault();
    const fresh = (await onStale())?.attachments.find((a) => a.id === attachment.id);
    if (fresh) window.open(fresh.url, "_blank", "noopener,noreferrer");
  }
  return (
    <a
      href={attachment.url}
      onClick={openFresh}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="message-file"
      className="flex items-center gap-2 rounded border border-line bg-raised px-3 py-2 text-sm text-link hover:underline"
    >
      <span className="truncate">{attachment.filename}</span>
      <span className="shrink-0 text-xs text-faint">{formatSize(attachment.size)}</span>
    </a>
  );
}
