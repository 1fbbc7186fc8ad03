"use client";

import type { ScheduledEventView } from "@chat/api";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useQueryPatcher } from "@/components/live/live-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/errors";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import { type EventAction, EventCard, UNAVAILABLE } from "./event-card";
import type { EventInput } from "./event-draft";
import { EventForm } from "./event-form";

type View = { kind: "list" } | { kind: "create" } | { kind: "edit"; eventId: string };

/** The focus target naming the "Create event" button (others are event ids). */
const CREATE = "create";

const DONE: Record<EventAction, string> = {
  interest: "",
  start: "Event started.",
  end: "Event ended.",
  cancel: "Event cancelled.",
  remove: "Event deleted.",
};

/**
 * The guild's events: everyone who can see them reads them and marks interest; creating,
 * editing, starting, ending, cancelling and deleting follow the person's permissions (the
 * list says what they may do). Opened from the sidebar, on one event when `focusId` names it.
 * The list follows live events (event-live), so what others change shows at once.
 */
export function EventsDialog({
  guildId,
  open,
  focusId,
  onClose,
}: {
  guildId: string;
  open: boolean;
  focusId: string | null;
  onClose(): void;
}) {
  const [view, setView] = useState<View>({ kind: "list" });
  // Outside the views, so it is on the page before what it says changes.
  const [announcement, setAnnouncement] = useState("");
  const close = () => {
    setView({ kind: "list" });
    onClose();
  };
  const title = view.kind === "create" ? "Create an event" : view.kind === "edit" ? "Edit event" : "Events";
  return (
    <Modal open={open} onClose={close} title={title} size="lg">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <EventsDialogBody
        guildId={guildId}
        focusId={focusId}
        view={view}
        setView={setView}
        announce={setAnnouncement}
        onClose={close}
      />
    </Modal>
  );
}

function EventsDialogBody({
  guildId,
  focusId,
  view,
  setView,
  announce,
  onClose,
}: {
  guildId: string;
  focusId: string | null;
  view: View;
  setView(view: View): void;
  announce(message: string): void;
  onClose(): void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const patcher = useQueryPatcher();
  const list = useQuery(trpc.scheduledEvents.list.queryOptions({ guildId }));
  const reload = () => patcher.reload(trpc.scheduledEvents.list.queryKey({ guildId }));
  const createReasonId = useId();
  const container = useRef<HTMLDivElement>(null);
  /** What gets focus once the list shows it: the event opened from the sidebar, the one just saved, or "Create event". */
  const [focusTarget, setFocusTarget] = useState<string | null>(focusId);
  const backToList = (focus: string) => {
    setFocusTarget(focus);
    setView({ kind: "list" });
  };

  const saved = (message: string, eventId: string) => {
    reload();
    backToList(eventId);
    announce(message);
  };
  const create = useMutation(
    trpc.scheduledEvents.create.mutationOptions({ onSuccess: ({ id }) => saved("Event created.", id) }),
  );
  const update = useMutation(
    trpc.scheduledEvents.update.mutationOptions({ onSuccess: ({ id }) => saved("Changes saved.", id) }),
  );
  const act = useMutation({
    mutationFn: async ({ event, action }: { event: ScheduledEventView; action: EventAction }) => {
      const target = { guildId, eventId: event.id };
      if (action === "interest")
        return client.scheduledEvents.setInterest.mutate({ ...target, interested: !event.interested });
      return client.scheduledEvents[action].mutate(target);
    },
    onSuccess: (_, { action }) => {
      reload();
      if (DONE[action]) announce(DONE[action]);
      // The confirmation (or the whole card) is gone: the person goes on from the top.
      if (action === "remove" || action === "cancel") setFocusTarget(CREATE);
    },
  });

  const present = focusTarget === CREATE || (list.data?.events.some((e) => e.id === focusTarget) ?? false);
  useEffect(() => {
    if (view.kind !== "list" || !focusTarget || !present) return;
    // In the next frame: opening the dialog (showModal) moves focus to its first control.
    const frame = requestAnimationFrame(() => {
      const target = container.current?.querySelector<HTMLElement>(
        focusTarget === CREATE ? "[data-create-event]" : `[data-event-heading="${focusTarget}"]`,
      );
      if (!target) return;
      setFocusTarget(null);
      target.scrollIntoView({ block: "nearest" });
      target.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [view.kind, focusTarget, present]);

  const data = list.data;
  if (list.error && !data)
    return <Alert tone="error">{errorMessage(list.error, "The events could not be loaded. Try again.")}</Alert>;
  if (!data) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading events" className="flex flex-col gap-3">
        {[0, 1].map((n) => (
          <div key={n} className="h-28 animate-pulse rounded-lg bg-chat" />
        ))}
      </div>
    );
  }

  if (view.kind !== "list") {
    const editing = view.kind === "edit" ? (data.events.find((e) => e.id === view.eventId) ?? null) : null;
    if (view.kind === "edit" && !editing) {
      return (
        <div className="flex flex-col gap-4">
          <Alert tone="warning">This event is gone: it was deleted or it ended meanwhile.</Alert>
          <Button variant="secondary" onClick={() => backToList(CREATE)}>
            Back to events
          </Button>
        </div>
      );
    }
    const mutation = editing ? update : create;
    return (
      <EventForm
        places={data}
        editing={editing}
        busy={mutation.isPending}
        error={mutation.error}
        onCancel={() => backToList(editing?.id ?? CREATE)}
        onSubmit={(input: Partial<EventInput>) => {
          if (editing) update.mutate({ guildId, eventId: editing.id, event: input });
          else create.mutate({ guildId, event: input as EventInput });
        }}
      />
    );
  }

  const canCreate = data.canCreateElsewhere || data.voiceChannels.length > 0;
  const busyFor = (event: ScheduledEventView) =>
    act.isPending && act.variables?.event.id === event.id ? act.variables.action : null;
  return (
    <div ref={container} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">
          {data.events.length === 0
            ? "Nothing planned yet."
            : `${data.events.length} ${data.events.length === 1 ? "event" : "events"}`}
        </p>
        <Button
          data-create-event
          {...(canCreate ? {} : { "aria-disabled": true, "aria-describedby": createReasonId, className: UNAVAILABLE })}
          onClick={() => {
            if (!canCreate) return;
            create.reset();
            setView({ kind: "create" });
          }}
        >
          Create event
        </Button>
      </div>
      {canCreate ? null : (
        <p id={createReasonId} className="-mt-2 text-xs text-muted">
          Creating events needs Create Events.
        </p>
      )}
      {act.error ? <Alert tone="error">{errorMessage(act.error)}</Alert> : null}
      {data.events.length === 0 ? (
        <div className="rounded-lg border border-dashed border-line px-6 py-10 text-center" data-testid="no-events">
          <p className="font-semibold text-white">No upcoming events</p>
          <p className="mt-1 text-sm text-muted">
            {canCreate ? "Plan one: game nights, meetups, anything." : "People with Create Events can plan some."}
          </p>
        </div>
      ) : (
        <ul aria-label="Upcoming events" className="flex flex-col gap-3">
          {data.events.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              highlighted={event.id === focusId}
              busy={busyFor(event)}
              onAction={(action) => act.mutate({ event, action })}
              onEdit={() => {
                update.reset();
                setView({ kind: "edit", eventId: event.id });
              }}
            />
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
