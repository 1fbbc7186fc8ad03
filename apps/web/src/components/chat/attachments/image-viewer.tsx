"use client";

import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { CloseIcon } from "@/components/ui/icons";

/**
 * A picture full size on a dark backdrop, no larger than the window: a modal <dialog> with
 * the picture's name, "Open original" and Close. Escape, Close and a click beside the picture
 * close it; the caller gives focus back.
 */
export function ImageViewer({ src, alt, name, onClose }: { src: string; alt: string; name: string; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    closeButton.current?.focus();
    return () => element.close();
  }, []);

  const close = () => dialog.current?.close();
  // Escape closes the viewer only, not also what holds it (a popover, the phone's channel list).
  const keepEscape = (event: KeyboardEvent) => {
    if (event.key === "Escape") event.stopPropagation();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-testid="image-viewer"
      onClose={onClose}
      onKeyDown={keepEscape}
      // A click beside the picture closes it, as Escape and Close do.
      onClick={(event) => (event.target as HTMLElement).hasAttribute("data-beside-picture") && close()}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-transparent p-0 text-text backdrop:bg-black/85"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center gap-3 bg-black/60 px-4 py-2">
          <h2 id={titleId} className="min-w-0 flex-1 truncate font-semibold text-white" title={name}>
            {name}
          </h2>
          <a
            href={src}
            target="_blank"
            rel="noopener noreferrer"
            className="shrink-0 rounded px-1 text-sm font-medium text-link hover:underline"
          >
            Open original
          </a>
          <button
            ref={closeButton}
            type="button"
            aria-label="Close"
            title="Close (Escape)"
            onClick={close}
            className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-white/10 hover:text-white"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex min-h-0 flex-1 items-center justify-center p-4" data-beside-picture>
          {/* biome-ignore lint/performance/noImgElement: signed, expiring URLs of another origin; nothing to optimise */}
          <img
            src={src}
            alt={alt}
            data-testid="image-viewer-picture"
            className="max-h-full max-w-full object-contain"
          />
        </div>
      </div>
    </dialog>
  );
}

/**
 * A picture shown scaled that opens in the ImageViewer on click, Enter or Space; focus comes
 * back to it when the viewer closes. `name` titles the viewer.
 */
export function ViewableImage({
  src,
  alt,
  name,
  className,
  testId,
  onError,
}: {
  src: string;
  alt: string;
  name: string;
  className: string;
  testId?: string;
  onError?(): void;
}) {
  const [viewing, setViewing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        title="View full size"
        onClick={() => setViewing(true)}
        className="block max-w-full cursor-zoom-in rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {/* biome-ignore lint/performance/noImgElement: signed, expiring URLs of another origin; nothing to optimise */}
        <img
          src={src}
          alt={alt}
          data-testid={testId}
          loading="lazy"
          className={`block ${className}`}
          onError={onError}
        />
      </button>
      {viewing ? (
        <ImageViewer
          src={src}
          alt={alt}
          name={name}
          onClose={() => {
            setViewing(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
