"use client";

import type { ScheduledEventView } from "@chat/api";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { SpeakerIcon } from "@/components/ui/icons";
import { CalendarIcon, PinIcon, RepeatIcon } from "./event-icons";
import { describeWhen } from "./event-times";
import { describeRepeat } from "./repeat-words";

export type EventAction = "interest" | "start" | "end" | "cancel" | "remove";

const STATUS_WORDS = { active: "Happening now", ended: "Ended", canceled: "Cancelled" } as const;
/** Controls the person may not use: still there and focusable, visibly unavailable. */
export const UNAVAILABLE = "aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

/**
 * One event of the list: cover, when (or that it is happening now), where, how it repeats,
 * description and how many are interested. Anyone who sees it may mark interest; changing it
 * needs Manage Events (or Create Events for one's own): without that the actions stay,
 * unavailable, pointing at the reason. Cancelling and deleting ask first.
 */
export function EventCard({
  event,
  highlighted,
  busy,
  onAction,
  onEdit,
}: {
  event: ScheduledEventView;
  highlighted: boolean;
  busy: EventAction | null;
  onAction(action: EventAction): void;
  onEdit(): void;
}) {
  const headingId = useId();
  const reasonId = useId();
  const [confirming, setConfirming] = useState<"cancel" | "remove" | null>(null);
  // A cover that cannot be shown (gone meanwhile, or sealed with a key since changed) is left out.
  const [coverFailed, setCoverFailed] = useState<string | null>(null);
  const finished = event.status === "ended" || event.status === "canceled";
  const unavailable = event.canManage
    ? {}
    : { "aria-disabled": true as const, "aria-describedby": reasonId, className: UNAVAILABLE };
  const manage = (act: () => void) => () => {
    if (event.canManage) act();
  };
  const start = new Date(event.start);

  return (
    <li
      data-testid="scheduled-event"
      aria-labelledby={headingId}
      className={`overflow-hidden rounded-lg bg-chat ring-1 ${highlighted ? "ring-2 ring-accent" : "ring-white/5"}`}
    >
      {event.coverUrl && coverFailed !== event.coverUrl ? (
        // biome-ignore lint/performance/noImgElement: the app's own cover route or the CDN, shown as is
        <img
          src={event.coverUrl}
          alt=""
          data-testid="event-cover"
          onError={() => setCoverFailed(event.coverUrl)}
          className="aspect-[5/2] w-full bg-field object-cover"
        />
      ) : null}
      <div className="flex flex-col gap-2 p-4">
        <p
          className={`flex items-center gap-1.5 text-sm font-medium ${event.status === "active" ? "text-live-text" : "text-muted"}`}
          data-testid="event-when"
        >
          <CalendarIcon width={16} height={16} className="shrink-0" />
          {event.status === "scheduled" ? describeWhen(event.start, event.end) : STATUS_WORDS[event.status]}
        </p>
        <h3
          id={headingId}
          tabIndex={-1}
          data-event-heading={event.id}
          className="text-lg font-semibold break-words text-white focus:outline-none"
        >
          {event.name}
        </h3>
        <p className="flex items-center gap-1.5 text-sm text-text">
          {event.kind === "voice" ? (
            <SpeakerIcon width={16} height={16} className="shrink-0 text-faint" />
          ) : (
            <PinIcon width={16} height={16} className="shrink-0 text-faint" />
          )}
          <span className="min-w-0 break-words">
            {event.kind === "voice" ? (event.channelName ?? "A voice channel") : event.location}
          </span>
        </p>
        {event.repeat ? (
          <p className="flex items-center gap-1.5 text-sm text-text" data-testid="event-repeat">
            <RepeatIcon width={16} height={16} className="shrink-0 text-faint" />
            {describeRepeat(event.repeat, start)}
          </p>
        ) : null}
        {event.description ? (
          <p className="text-sm whitespace-pre-line break-words text-muted">{event.description}</p>
        ) : null}
        <p className="text-xs text-muted">
          <span data-testid="interested-count">{event.interestedCount} interested</span>
          {event.creatorName ? ` · made by ${event.creatorName}` : ""}
        </p>

        {finished ? null : (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button
              size="sm"
              variant={event.interested ? "primary" : "secondary"}
              aria-pressed={event.interested}
              busy={busy === "interest"}
              onClick={() => onAction("interest")}
            >
              Interested
            </Button>
            <Button size="sm" variant="secondary" {...unavailable} onClick={manage(onEdit)}>
              Edit
            </Button>
            {event.status === "scheduled" && event.kind === "voice" ? (
              <Button
                size="sm"
                variant="secondary"
                {...unavailable}
                busy={busy === "start"}
                onClick={manage(() => onAction("start"))}
              >
                Start event
              </Button>
            ) : null}
            {event.status === "active" ? (
              <Button
                size="sm"
                variant="secondary"
                {...unavailable}
                busy={busy === "end"}
                onClick={manage(() => onAction("end"))}
              >
                End event
              </Button>
            ) : null}
            {event.status === "scheduled" ? (
              <Button size="sm" variant="ghost" {...unavailable} onClick={manage(() => setConfirming("cancel"))}>
                Cancel event
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" {...unavailable} onClick={manage(() => setConfirming("remove"))}>
              Delete
            </Button>
          </div>
        )}
        {!finished && event.status === "scheduled" && event.kind === "elsewhere" ? (
          <p className="text-xs text-muted">Starts by itself at its start time.</p>
        ) : null}
        {!finished && !event.canManage ? (
          <p id={reasonId} className="text-xs text-muted">
            Changing this event needs Manage Events, or Create Events if you made it.
          </p>
        ) : null}
        {confirming ? (
          <fieldset
            aria-label={confirming === "cancel" ? "Confirm cancelling" : "Confirm deleting"}
            className="flex flex-col gap-2 rounded-md border border-danger/40 bg-danger/10 p-3"
          >
            <p className="text-sm text-text">
              {confirming === "cancel"
                ? event.repeat
                  ? `Cancel this time of “${event.name}”? It comes back on its next day.`
                  : `Cancel “${event.name}”? Everyone sees it cancelled.`
                : event.repeat
                  ? `Delete “${event.name}” and every time it repeats?`
                  : `Delete “${event.name}”?`}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="danger"
                busy={busy === confirming}
                autoFocus
                onClick={() => {
                  onAction(confirming);
                  setConfirming(null);
                }}
              >
                {confirming === "cancel" ? "Yes, cancel event" : "Yes, delete event"}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                Keep it
              </Button>
            </div>
          </fieldset>
        ) : null}
      </div>
    </li>
  );
}
