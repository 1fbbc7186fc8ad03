"use client";

import type { AttachmentView } from "@chat/api";
import { FileCard } from "./file-card";
import { ViewableImage } from "./image-viewer";
import { InlineVideo } from "./inline-video";
import { type RefreshMessage, useRefreshOnError } from "./signed-url";

/**
 * A message's files: pictures inline (opening full size in a viewer), videos inline with their
 * controls, other files as cards to download. Their URLs are signed and expire after 24 hours:
 * a picture or video that fails to load gets fresh ones once (useRefreshOnError), a card's
 * links get a fresh one when clicked after expiry.
 */
export function MessageAttachments({
  attachments,
  onStale,
}: {
  attachments: AttachmentView[];
  onStale: RefreshMessage;
}) {
  if (attachments.length === 0) return null;
  return (
    <div className="mt-1 flex flex-col items-start gap-1" data-testid="message-attachments">
      {attachments.map((attachment) =>
        attachment.image ? (
          <InlineImage key={attachment.id} attachment={attachment} onStale={onStale} />
        ) : attachment.video ? (
          <InlineVideo key={attachment.id} attachment={attachment} onStale={onStale} />
        ) : (
          <FileCard key={attachment.id} attachment={attachment} onStale={onStale} />
        ),
      )}
    </div>
  );
}

function InlineImage({ attachment, onStale }: { attachment: AttachmentView; onStale: RefreshMessage }) {
  const { gaveUp, onError } = useRefreshOnError(attachment.url, onStale);
  if (gaveUp) return <FileCard attachment={attachment} onStale={onStale} />;
  return (
    <ViewableImage
      src={attachment.url}
      alt={attachment.description || attachment.filename}
      name={attachment.filename}
      testId="message-image"
      className="max-h-[350px] max-w-[min(400px,100%)] rounded"
      onError={onError}
    />
  );
}
