import type { ScheduledEventView } from "@chat/api";
import { defaultStart, fromLocalFields, plusHour, toLocalFields } from "./event-times";
import { type RepeatChoice, repeatChoiceOf, repeatRule } from "./repeat-words";

/** What the event form holds while the person fills it in. */
export interface EventDraft {
  kind: "voice" | "elsewhere";
  channelId: string;
  location: string;
  name: string;
  description: string;
  startDate: string;
  startTime: string;
  /** Both empty: no end (a voice-channel event may have none). */
  endDate: string;
  endTime: string;
  repeat: RepeatChoice;
  /** Image data of a new cover, null to remove the cover, undefined to keep it. */
  cover: string | null | undefined;
}

/** What the service is sent: the router's event input. */
export interface EventInput {
  name: string;
  description: string | null;
  kind: "voice" | "elsewhere";
  channelId: string | null;
  location: string | null;
  start: string;
  end: string | null;
  repeat: ScheduledEventView["repeat"];
  cover?: string | null;
}

/** A new event: in the first voice channel the person may use (else somewhere else), starting at the next full hour but one, for an hour. */
export function newDraft(now: Date, voiceChannelIds: string[]): EventDraft {
  const start = defaultStart(now);
  const startFields = toLocalFields(start);
  const endFields = toLocalFields(plusHour(start));
  return {
    kind: voiceChannelIds.length > 0 ? "voice" : "elsewhere",
    channelId: voiceChannelIds[0] ?? "",
    location: "",
    name: "",
    description: "",
    startDate: startFields.date,
    startTime: startFields.time,
    endDate: endFields.date,
    endTime: endFields.time,
    repeat: "none",
    cover: undefined,
  };
}

/** The form filled in with an event, to edit it. */
export function draftOf(event: ScheduledEventView): EventDraft {
  const start = toLocalFields(new Date(event.start));
  const end = event.end ? toLocalFields(new Date(event.end)) : { date: "", time: "" };
  return {
    kind: event.kind,
    channelId: event.channelId ?? "",
    location: event.location ?? "",
    name: event.name,
    description: event.description ?? "",
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    repeat: repeatChoiceOf(event.repeat),
    cover: undefined,
  };
}

/** The start the draft names, or null while its fields are incomplete. */
export function draftStart(draft: EventDraft): Date | null {
  return fromLocalFields(draft.startDate, draft.startTime);
}

/**
 * The service's input for the draft, or what is wrong with its times (by form field) when
 * they cannot be read; everything else is the service's to check.
 */
export function draftInput(
  draft: EventDraft,
  timeZone?: string,
): { input: EventInput } | { problems: Partial<Record<"start" | "end", string>> } {
  const start = draftStart(draft);
  const noEnd = draft.endDate === "" && draft.endTime === "";
  const end = noEnd ? null : fromLocalFields(draft.endDate, draft.endTime);
  const problems: Partial<Record<"start" | "end", string>> = {};
  if (!start) problems.start = "Pick a start date and time.";
  if (!noEnd && !end) problems.end = "Pick both an end date and time, or clear both.";
  if (!start || (!noEnd && !end)) return { problems };
  const voice = draft.kind === "voice";
  return {
    input: {
      name: draft.name.trim(),
      description: draft.description.trim() ? draft.description : null,
      kind: draft.kind,
      channelId: voice ? draft.channelId || null : null,
      location: voice ? null : draft.location.trim(),
      start: start.toISOString(),
      end: end ? end.toISOString() : null,
      repeat: repeatRule(draft.repeat, start, timeZone),
      ...(draft.cover !== undefined ? { cover: draft.cover } : {}),
    },
  };
}

/**
 * Only what the edit changes: the service refuses a new start for an event under way, and a
 * start in the past; a place is sent whole (kind, channel and location) when any of it changed.
 * An unchanged repeat choice on an unchanged start keeps the stored rule as it is.
 */
export function changedFields(original: ScheduledEventView, input: EventInput): Partial<EventInput> {
  const changes: Partial<EventInput> = {};
  if (input.name !== original.name) changes.name = input.name;
  if ((input.description ?? null) !== (original.description ?? null)) changes.description = input.description;
  if (input.kind !== original.kind || input.channelId !== original.channelId || input.location !== original.location) {
    Object.assign(changes, { kind: input.kind, channelId: input.channelId, location: input.location });
  }
  const startChanged = new Date(input.start).getTime() !== new Date(original.start).getTime();
  if (startChanged) changes.start = input.start;
  if ((input.end ? new Date(input.end).getTime() : null) !== (original.end ? new Date(original.end).getTime() : null))
    changes.end = input.end;
  const sameChoice = repeatChoiceOf(input.repeat) === repeatChoiceOf(original.repeat);
  if (startChanged || !sameChoice) changes.repeat = input.repeat;
  if (input.cover !== undefined) changes.cover = input.cover;
  return changes;
}
