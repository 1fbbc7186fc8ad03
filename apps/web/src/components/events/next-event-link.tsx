"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { createPortal } from "react-dom";
import { useTRPC } from "@/lib/trpc";
import { CalendarIcon } from "./event-icons";
import { describeWhen } from "./event-times";
import { EventsDialog } from "./events-dialog";

/**
 * The top of a guild's channel list: "Events" (how many are planned) opening the events list,
 * and the next event (or the one happening now) on one compact line that opens it. Follows
 * live events like the list itself.
 */
export function NextEventLink({ guildId }: { guildId: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.scheduledEvents.list.queryOptions({ guildId }));
  const [opened, setOpened] = useState<{ focusId: string | null } | null>(null);
  const planned = list.data?.events.filter((e) => e.status === "scheduled" || e.status === "active") ?? [];
  const next = planned[0];

  return (
    <div className="flex flex-col gap-0.5 pt-3">
      <button
        type="button"
        onClick={() => setOpened({ focusId: null })}
        className="flex h-8 items-center gap-1.5 rounded-md px-2 text-[15px] text-muted hover:bg-hover/60 hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
      >
        <CalendarIcon width={18} height={18} className="shrink-0 text-faint" />
        <span className="flex-1 text-left">Events</span>
        {planned.length > 0 ? (
          <span className="rounded-full bg-raised px-1.5 text-xs font-semibold text-text" data-testid="events-count">
            {planned.length}
            <span className="sr-only"> planned</span>
          </span>
        ) : null}
      </button>
      {next ? (
        <button
          type="button"
          data-testid="next-event"
          onClick={() => setOpened({ focusId: next.id })}
          className="flex flex-col items-start rounded-md border-l-2 border-accent bg-raised/40 px-2 py-1.5 text-left hover:bg-hover/60 focus-visible:outline-2 focus-visible:outline-accent"
        >
          <span
            className={`text-[11px] font-semibold uppercase tracking-wide ${next.status === "active" ? "text-live-text" : "text-muted"}`}
          >
            {next.status === "active" ? "Happening now" : "Next event"}
          </span>
          <span className="w-full truncate text-sm font-medium text-text">{next.name}</span>
          {next.status === "active" ? null : (
            <span className="text-xs text-muted">{describeWhen(next.start, null)}</span>
          )}
        </button>
      ) : null}
      {/* In the body: the sidebar may sit in the phones' folded drawer. */}
      {opened
        ? createPortal(
            <EventsDialog guildId={guildId} open focusId={opened.focusId} onClose={() => setOpened(null)} />,
            document.body,
          )
        : null}
    </div>
  );
}
