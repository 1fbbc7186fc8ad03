"use client";

import { httpUrl } from "@chat/api/http-url";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * A link button's address is the bot's to choose: it opens only once the person has seen
 * where it goes and agreed ("You are leaving …"). Only an http or https address is ever opened,
 * whatever the caller passes.
 */
export function LeaveSiteDialog({
  url,
  onClose,
  description = "This link was added by an app and goes to another website. Are you sure you want to go there?",
}: {
  url: string | null;
  onClose(): void;
  /** Who put the link there, and the question. */
  description?: string;
}) {
  function visit() {
    const target = httpUrl(url);
    if (target) window.open(target, "_blank", "noopener,noreferrer");
    onClose();
  }
  return (
    <Modal
      open={url !== null}
      onClose={onClose}
      title={`You are leaving ${url ? hostOf(url) : "this app"}`}
      description={description}
    >
      <p className="break-all rounded-md bg-field px-3 py-2 font-mono text-sm text-text" data-testid="leaving-url">
        {url}
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Go back
        </Button>
        <Button onClick={visit}>Visit site</Button>
      </div>
    </Modal>
  );
}
