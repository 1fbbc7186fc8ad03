"use client";

import { useQuery } from "@tanstack/react-query";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { Icon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/errors";
import { formatMessageTime } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import { jumpToMessage } from "../replies/jump-to-message";
import { excerptOf } from "../replies/reply-quote";
import { useSocial } from "../social/social-context";

export function PinIcon({ size = 18 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M12 17v5" />
      <path d="M9 10.76a2 2 0 0 1-1.11 1.79l-1.78.9A2 2 0 0 0 5 15.24V16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-.76a2 2 0 0 0-1.11-1.79l-1.78-.9A2 2 0 0 1 15 10.76V7a1 1 0 0 1 1-1 2 2 0 0 0 0-4H8a2 2 0 0 0 0 4 1 1 0 0 1 1 1z" />
    </Icon>
  );
}

/** The channel header's pins button and the list of pinned messages it opens (newest pin first; a click jumps). */
export function PinsButton({ channelId }: { channelId: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  return (
    <div className="relative ml-auto shrink-0">
      <button
        ref={button}
        type="button"
        aria-label="Pinned messages"
        title="Pinned messages"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="pins-button"
        onClick={() => setOpen((o) => !o)}
        className="grid size-9 place-items-center rounded-md text-muted hover:bg-hover hover:text-text aria-expanded:text-text"
      >
        <PinIcon />
      </button>
      {open ? (
        <PinsPanel
          id={panelId}
          channelId={channelId}
          anchor={button}
          onClose={(refocus) => {
            setOpen(false);
            if (refocus) button.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

function PinsPanel({
  id,
  channelId,
  anchor,
  onClose,
}: {
  id: string;
  channelId: string;
  anchor: RefObject<HTMLButtonElement | null>;
  onClose(refocus: boolean): void;
}) {
  const trpc = useTRPC();
  const social = useSocial();
  const pins = useQuery(trpc.social.pins.queryOptions({ channelId }));
  const panel = useRef<HTMLDivElement>(null);
  const [farBack, setFarBack] = useState(false);
  const headingId = useId();

  useEffect(() => {
    panel.current?.focus();
    function outside(event: PointerEvent) {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !anchor.current?.contains(target)) onClose(false);
    }
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [anchor, onClose]);

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="pins-panel"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onClose(true);
        }
      }}
      className="fixed inset-x-2 top-14 z-40 flex max-h-[70dvh] flex-col rounded-lg border border-line bg-panel shadow-2xl outline-none sm:absolute sm:inset-x-auto sm:top-11 sm:right-0 sm:w-[420px]"
    >
      <h2 id={headingId} className="border-b border-line px-4 py-3 font-semibold text-white">
        Pinned messages
      </h2>
      {farBack ? (
        <p role="status" className="border-b border-line px-4 py-2 text-xs text-muted">
          That message is further back in the history. Load older messages to see it there.
        </p>
      ) : null}
      <div className="scroll-thin min-h-0 flex-1 overflow-y-auto p-2">
        {pins.isPending ? (
          <div className="grid place-items-center py-8 text-muted">
            <Spinner label="Loading pinned messages" />
          </div>
        ) : pins.isError ? (
          <p className="p-4 text-sm text-danger">
            {errorMessage(pins.error, "Could not load the pinned messages.")}{" "}
            <button type="button" className="font-medium underline" onClick={() => void pins.refetch()}>
              Try again
            </button>
          </p>
        ) : pins.data.items.length === 0 ? (
          <div className="px-4 py-8 text-center" data-testid="pins-empty">
            <p className="font-semibold text-text">No pinned messages yet</p>
            <p className="mt-1 text-sm text-muted">
              {social?.abilities.pinMessages
                ? "Pin an important message from its menu (right-click it, or “More actions”) and it will wait here for everyone."
                : "When someone pins an important message in this channel, it will wait here for everyone."}
            </p>
          </div>
        ) : (
          <ul aria-label="Pinned messages" className="space-y-1">
            {pins.data.items.map(({ message }) => (
              <li key={message.id}>
                <button
                  type="button"
                  data-testid="pinned-message"
                  onClick={() => {
                    if (jumpToMessage(message.id)) onClose(false);
                    else setFarBack(true);
                  }}
                  className="w-full rounded-md bg-chat px-3 py-2 text-left hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <span className="flex items-baseline gap-2">
                    <span className="font-semibold text-white">{message.author.displayName}</span>
                    <span className="text-xs text-faint">{formatMessageTime(message.createdAt)}</span>
                  </span>
                  <span className="mt-0.5 line-clamp-3 block text-sm break-words whitespace-pre-wrap text-text">
                    {excerptOf({
                      content: message.content,
                      attachments: message.attachments.length,
                      embeds: message.embeds.length,
                    })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
