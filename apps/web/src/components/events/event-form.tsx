"use client";

import type { GuildEventsView, ScheduledEventView } from "@chat/api";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { EventCoverField } from "./event-cover-field";
import {
  changedFields,
  draftInput,
  draftOf,
  draftStart,
  type EventDraft,
  type EventInput,
  newDraft,
} from "./event-draft";
import { repeatChoices } from "./repeat-words";

/** The service's field names (50035, and the router's own input checks) for each field of the form. */
const FIELD_NAMES: Record<string, string[]> = {
  name: ["name", "event.name"],
  place: ["channel_id", "entity_metadata", "entity_metadata.location", "event.location", "event.channelId"],
  start: ["scheduled_start_time", "event.start"],
  end: ["scheduled_end_time", "event.end"],
  repeat: [
    "recurrence_rule",
    "recurrence_rule.frequency",
    "recurrence_rule.interval",
    "recurrence_rule.by_weekday",
    "recurrence_rule.by_n_weekday",
    "recurrence_rule.by_month",
    "recurrence_rule.by_month_day",
  ],
  description: ["description", "event.description"],
  cover: ["image", "event.cover"],
};

const LABEL = "text-xs font-semibold uppercase tracking-wide text-muted";
const INPUT =
  "h-10 w-full rounded-md border bg-field px-3 text-[15px] text-text focus:outline-none focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60";

/**
 * Creating or editing an event: where (a voice channel, or somewhere else with a location),
 * name, start and end in the person's local time, repeat rule in words, description and cover.
 * Places the person may not use stay listed, unavailable, with the reason. On an edit only
 * what changed is sent.
 */
export function EventForm({
  places,
  editing,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  places: GuildEventsView;
  editing: ScheduledEventView | null;
  busy: boolean;
  error: unknown;
  onSubmit(input: Partial<EventInput>): void;
  onCancel(): void;
}) {
  const [draft, setDraft] = useState<EventDraft>(() =>
    editing
      ? draftOf(editing)
      : newDraft(
          new Date(),
          places.voiceChannels.map((c) => c.id),
        ),
  );
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const ids = { place: useId(), voiceReason: useId(), elsewhereReason: useId() };
  const serverErrors = error ? fieldErrors(error) : {};
  const errorsFor = (field: string) =>
    [problems[field], ...(FIELD_NAMES[field] ?? []).flatMap((name) => serverErrors[name] ?? [])].filter(
      (m): m is string => Boolean(m),
    );
  const shownElsewhere = new Set(Object.values(FIELD_NAMES).flat());
  const otherError =
    error && !Object.keys(serverErrors).some((name) => shownElsewhere.has(name)) ? errorMessage(error) : null;

  const set = (changes: Partial<EventDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const start = draftStart(draft);
  const choices = start ? repeatChoices(start) : [{ choice: "none" as const, label: "Does not repeat" }];
  const voiceChannels =
    editing?.channelId && !places.voiceChannels.some((c) => c.id === editing.channelId)
      ? [{ id: editing.channelId, name: editing.channelName ?? "Current channel" }, ...places.voiceChannels]
      : places.voiceChannels;
  const voiceAllowed = voiceChannels.length > 0;
  const elsewhereAllowed = places.canCreateElsewhere || editing?.kind === "elsewhere";
  const startLocked = editing?.status === "active";

  function changeStart(changes: Partial<EventDraft>) {
    const next = { ...draft, ...changes };
    const nextStart = draftStart(next);
    // A choice the new start does not allow (the working week from a Saturday) goes back to none.
    const allowed = nextStart ? repeatChoices(nextStart).some((c) => c.choice === next.repeat) : next.repeat === "none";
    setDraft(allowed ? next : { ...next, repeat: "none" });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const made = draftInput(draft);
    if ("problems" in made) return setProblems(made.problems);
    setProblems({});
    onSubmit(editing ? changedFields(editing, made.input) : made.input);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit ${editing.name}` : "Create an event"}
      className="flex flex-col gap-4"
    >
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={
          [!voiceAllowed ? ids.voiceReason : null, !elsewhereAllowed ? ids.elsewhereReason : null]
            .filter(Boolean)
            .join(" ") || undefined
        }
      >
        <legend className={`${LABEL} mb-1`}>Where</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <PlaceOption
            checked={draft.kind === "voice"}
            disabled={!voiceAllowed}
            label="Voice channel"
            hint="Talk together in a voice channel"
            onChoose={() => set({ kind: "voice", channelId: draft.channelId || (voiceChannels[0]?.id ?? "") })}
          />
          <PlaceOption
            checked={draft.kind === "elsewhere"}
            disabled={!elsewhereAllowed}
            label="Somewhere else"
            hint="A place, a link, anywhere"
            onChoose={() => set({ kind: "elsewhere" })}
          />
        </div>
        {!voiceAllowed ? (
          <p id={ids.voiceReason} className="text-xs text-muted">
            A voice-channel event needs Create Events and Connect in a voice channel you can see.
          </p>
        ) : null}
        {!elsewhereAllowed ? (
          <p id={ids.elsewhereReason} className="text-xs text-muted">
            An event somewhere else needs Create Events in the guild.
          </p>
        ) : null}
      </fieldset>

      {draft.kind === "voice" ? (
        <Field id={ids.place} label="Voice channel" errors={errorsFor("place")}>
          {(described) => (
            <select
              id={ids.place}
              value={draft.channelId}
              {...described}
              onChange={(e) => set({ channelId: e.currentTarget.value })}
              className={`${INPUT} border-line`}
            >
              {voiceChannels.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <TextField
          label="Location"
          value={draft.location}
          maxLength={100}
          placeholder="The park, or a link"
          onChange={(e) => set({ location: e.currentTarget.value })}
          errors={errorsFor("place")}
        />
      )}

      <TextField
        label="Event name"
        value={draft.name}
        maxLength={100}
        onChange={(e) => set({ name: e.currentTarget.value })}
        errors={errorsFor("name")}
      />

      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Start date"
          type="date"
          value={draft.startDate}
          disabled={startLocked}
          hint={startLocked ? "Under way: the start stays." : undefined}
          onChange={(e) => changeStart({ startDate: e.currentTarget.value })}
          errors={errorsFor("start")}
        />
        <TextField
          label="Start time"
          type="time"
          value={draft.startTime}
          disabled={startLocked}
          hint={startLocked ? "Under way: the start stays." : undefined}
          onChange={(e) => changeStart({ startTime: e.currentTarget.value })}
        />
        <TextField
          label={draft.kind === "voice" ? "End date (optional)" : "End date"}
          type="date"
          value={draft.endDate}
          onChange={(e) => set({ endDate: e.currentTarget.value })}
          errors={errorsFor("end")}
        />
        <TextField
          label={draft.kind === "voice" ? "End time (optional)" : "End time"}
          type="time"
          value={draft.endTime}
          onChange={(e) => set({ endTime: e.currentTarget.value })}
        />
      </div>

      <Field id={`${ids.place}-repeat`} label="Repeats" errors={errorsFor("repeat")}>
        {(described) => (
          <select
            id={`${ids.place}-repeat`}
            value={draft.repeat}
            {...described}
            onChange={(e) => set({ repeat: e.currentTarget.value as EventDraft["repeat"] })}
            className={`${INPUT} border-line`}
          >
            {choices.map((c) => (
              <option key={c.choice} value={c.choice}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field id={`${ids.place}-description`} label="Description" errors={errorsFor("description")}>
        {(described) => (
          <textarea
            id={`${ids.place}-description`}
            value={draft.description}
            maxLength={1000}
            rows={3}
            {...described}
            onChange={(e) => set({ description: e.currentTarget.value })}
            className="w-full resize-y rounded-md border border-line bg-field px-3 py-2 text-[15px] text-text focus:outline-none focus-visible:outline-2 focus-visible:outline-accent"
          />
        )}
      </Field>

      <EventCoverField
        currentUrl={editing?.coverUrl ?? null}
        value={draft.cover}
        maxBytes={places.coverMaxBytes}
        errors={errorsFor("cover")}
        onChange={(cover) => set({ cover })}
      />

      {otherError ? <Alert tone="error">{otherError}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Back to events
        </Button>
        <Button type="submit" busy={busy}>
          {editing ? "Save changes" : "Create event"}
        </Button>
      </div>
    </form>
  );
}

function PlaceOption({
  checked,
  disabled,
  label,
  hint,
  onChoose,
}: {
  checked: boolean;
  disabled: boolean;
  label: string;
  hint: string;
  onChoose(): void;
}) {
  return (
    <label
      className={`flex items-center gap-3 rounded-md border px-3 py-2 ${disabled ? "cursor-not-allowed border-line opacity-60" : "cursor-pointer"} ${checked ? "border-accent bg-hover" : "border-line hover:bg-hover/60"}`}
    >
      <input
        type="radio"
        name="event-place"
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        className="accent-accent"
      />
      <span className="flex flex-col">
        <span className="font-medium text-text">{label}</span>
        <span className="text-xs text-muted">{hint}</span>
      </span>
    </label>
  );
}

/** A labelled control whose errors it is described by (`children` spreads the given props on the control). */
function Field({
  id,
  label,
  errors,
  children,
}: {
  id: string;
  label: string;
  errors: string[];
  children(described: { "aria-invalid"?: true; "aria-describedby"?: string }): ReactNode;
}) {
  const invalid = errors.length > 0;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children(invalid ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})}
      {invalid ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger-text">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
