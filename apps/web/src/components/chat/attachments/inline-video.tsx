"use client";

import type { AttachmentView } from "@chat/api";
import { FileCard } from "./file-card";
import { type RefreshMessage, useRefreshOnError } from "./signed-url";

/** A video played in place with the browser's controls, scaled as pictures are; one that cannot play shows as a file card. */
export function InlineVideo({ attachment, onStale }: { attachment: AttachmentView; onStale: RefreshMessage }) {
  const { gaveUp, onError } = useRefreshOnError(attachment.url, onStale);
  if (gaveUp) return <FileCard attachment={attachment} onStale={onStale} />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: a file someone sent; there is no caption track to give
    <video
      src={attachment.url}
      controls
      preload="metadata"
      aria-label={attachment.description || attachment.filename}
      title={attachment.filename}
      data-testid="message-video"
      className="max-h-[350px] max-w-[min(400px,100%)] rounded bg-black"
      onError={onError}
    />
  );
}
