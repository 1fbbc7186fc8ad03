"use client";

import type { AttachmentView } from "@chat/api";
import type { MouseEvent } from "react";
import { DownloadIcon, FileIcon } from "@/components/ui/icons";
import { formatFileSize } from "@/lib/format";
import { downloadUrl, expired, type RefreshMessage } from "./signed-url";

/**
 * A file that is no picture or video: its name (opens it in a new tab), its size and Download.
 * A click after the URL has expired asks for the message again and goes on with the fresh URL.
 */
export function FileCard({ attachment, onStale }: { attachment: AttachmentView; onStale: RefreshMessage }) {
  async function freshUrl(event: MouseEvent<HTMLAnchorElement>): Promise<string | null> {
    if (!expired(attachment.url)) return null;
    event.preventDefault();
    return (await onStale())?.attachments.find((a) => a.id === attachment.id)?.url ?? null;
  }
  async function open(event: MouseEvent<HTMLAnchorElement>) {
    const fresh = await freshUrl(event);
    if (fresh) window.open(fresh, "_blank", "noopener,noreferrer");
  }
  async function download(event: MouseEvent<HTMLAnchorElement>) {
    const fresh = await freshUrl(event);
    if (fresh) window.location.assign(downloadUrl(fresh));
  }
  return (
    <div
      data-testid="message-file"
      className="flex w-[min(400px,100%)] items-center gap-3 rounded-lg border border-line bg-panel px-3 py-2.5"
    >
      <FileIcon width={32} height={32} className="shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <a
          href={attachment.url}
          onClick={open}
          target="_blank"
          rel="noopener noreferrer"
          className="block truncate text-sm font-medium text-link hover:underline"
          title={attachment.filename}
        >
          {attachment.filename}
        </a>
        <p className="text-xs text-muted" data-testid="message-file-size">
          {formatFileSize(attachment.size)}
        </p>
      </div>
      <a
        href={downloadUrl(attachment.url)}
        onClick={download}
        aria-label={`Download ${attachment.filename}`}
        title="Download"
        className="grid size-9 shrink-0 place-items-center rounded-md text-muted hover:bg-hover hover:text-text"
      >
        <DownloadIcon />
      </a>
    </div>
  );
}
