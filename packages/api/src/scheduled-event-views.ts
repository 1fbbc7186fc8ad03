import {
  EVENT_COVER_MAX_BYTES,
  EventEntity,
  type EventPlaces,
  EventStatus,
  type PersonEvent,
  type PublicUrls,
} from "@chat/domain";
import { z } from "zod";
import { zSnowflake } from "./inputs";

/** The repeat rule as stored and sent: the reference platform's recurrence fields (evaluated in UTC). */
export interface RepeatRuleView {
  frequency: number;
  interval: number;
  by_weekday: number[] | null;
  by_n_weekday: { n: number; day: number }[] | null;
  by_month: number[] | null;
  by_month_day: number[] | null;
}

export type EventStatusView = "scheduled" | "active" | "ended" | "canceled";

/** One scheduled event as the web app's events list shows it. */
export interface ScheduledEventView {
  id: string;
  guildId: string;
  name: string;
  description: string | null;
  status: EventStatusView;
  kind: "voice" | "elsewhere";
  channelId: string | null;
  channelName: string | null;
  location: string | null;
  /** ISO times. */
  start: string;
  end: string | null;
  repeat: RepeatRuleView | null;
  /** The cover's address: the CDN for a bot's, this app for one added in the app (people only). */
  coverUrl: string | null;
  interestedCount: number;
  interested: boolean;
  creatorName: string | null;
  /** The person may edit, start, end, cancel or delete it (the domain's decision). */
  canManage: boolean;
}

/** A guild's events for the events list and the sidebar, and where the person may create one. */
export interface GuildEventsView {
  /** Happening now first, then by start. */
  events: ScheduledEventView[];
  /** Somewhere-else events need Create Events in the guild. */
  canCreateElsewhere: boolean;
  /** Voice channels where the person may hold an event (View Channel, Connect and Create Events there). */
  voiceChannels: { id: string; name: string }[];
  coverMaxBytes: number;
}

const STATUS_VIEWS: Record<number, EventStatusView> = {
  [EventStatus.Scheduled]: "scheduled",
  [EventStatus.Active]: "active",
  [EventStatus.Completed]: "ended",
  [EventStatus.Canceled]: "canceled",
};

function coverUrl(entry: PersonEvent, urls: PublicUrls): string | null {
  const { row } = entry;
  if (row.appCoverHash) return `/event-covers/${row.id}/${row.appCoverHash}`;
  return row.imageHash ? `${urls.cdnUrl}/guild-events/${row.id}/${row.imageHash}.png` : null;
}

export function scheduledEventView(entry: PersonEvent, urls: PublicUrls): ScheduledEventView {
  const { event } = entry;
  const rule = event.recurrence_rule;
  return {
    id: event.id,
    guildId: event.guild_id,
    name: event.name,
    description: event.description ?? null,
    status: STATUS_VIEWS[event.status] ?? "scheduled",
    kind: event.entity_type === EventEntity.Voice ? "voice" : "elsewhere",
    channelId: event.channel_id ?? null,
    channelName: entry.channelName,
    location: event.entity_metadata?.location ?? null,
    start: event.scheduled_start_time,
    end: event.scheduled_end_time ?? null,
    repeat: rule
      ? {
          frequency: rule.frequency,
          interval: rule.interval,
          by_weekday: rule.by_weekday ?? null,
          by_n_weekday: rule.by_n_weekday ? rule.by_n_weekday.map(({ n, day }) => ({ n, day })) : null,
          by_month: rule.by_month ?? null,
          by_month_day: rule.by_month_day ?? null,
        }
      : null,
    coverUrl: coverUrl(entry, urls),
    interestedCount: entry.userCount,
    interested: entry.interested,
    creatorName: event.creator ? (event.creator.global_name ?? event.creator.username) : null,
    canManage: entry.mayManage,
  };
}

export function guildEventsView(
  list: { events: PersonEvent[]; places: EventPlaces },
  urls: PublicUrls,
): GuildEventsView {
  const events = list.events.map((entry) => scheduledEventView(entry, urls));
  events.sort(
    (a, b) =>
      Number(b.status === "active") - Number(a.status === "active") ||
      a.start.localeCompare(b.start) ||
      a.id.localeCompare(b.id),
  );
  return {
    events,
    canCreateElsewhere: list.places.elsewhere,
    voiceChannels: list.places.voiceChannels.map((c) => ({ id: c.id.toString(), name: c.name })),
    coverMaxBytes: EVENT_COVER_MAX_BYTES,
  };
}

// ---- inputs ------------------------------------------------------------------------------

/** Loosely shaped: the domain checks the rule's shapes and says which field is wrong (50035). */
const zRepeatInput = z.object({
  frequency: z.number().int(),
  interval: z.number().int().nullish(),
  by_weekday: z.array(z.number().int()).max(7).nullish(),
  by_n_weekday: z
    .array(z.object({ n: z.number().int(), day: z.number().int() }))
    .max(7)
    .nullish(),
  by_month: z.array(z.number().int()).max(12).nullish(),
  by_month_day: z.array(z.number().int()).max(31).nullish(),
});

/** Image data of up to an event cover's size (8 MB); the service checks the type and says what is wrong. */
const zCoverInput = z.string().max(Math.ceil((EVENT_COVER_MAX_BYTES * 4) / 3) + 100, "A cover can be at most 8 MB.");

/**
 * An event as the app's form sends it. `start` and `end` are ISO times (the person's local
 * time, converted by the browser). `cover` is image data; on an edit, absent leaves the
 * cover, null removes it.
 */
export const zEventDraft = z.object({
  name: z.string().max(200),
  description: z.string().max(2000).nullable(),
  kind: z.enum(["voice", "elsewhere"]),
  channelId: zSnowflake.nullable(),
  location: z.string().max(200).nullable(),
  start: z.string().max(64),
  end: z.string().max(64).nullable(),
  repeat: zRepeatInput.nullable(),
  cover: zCoverInput.nullable().optional(),
});

export type EventDraftInput = z.output<typeof zEventDraft>;

/** The bot API's body for the fields given (a create sends them all), checked by the same service as REST. */
export function eventBody(draft: Partial<EventDraftInput>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (draft.name !== undefined) body.name = draft.name;
  if (draft.description !== undefined) body.description = draft.description?.trim() ? draft.description : null;
  if (draft.kind !== undefined) body.entity_type = draft.kind === "voice" ? EventEntity.Voice : EventEntity.External;
  if (draft.channelId !== undefined) body.channel_id = draft.channelId?.toString() ?? null;
  if (draft.location !== undefined)
    body.entity_metadata = draft.location === null ? null : { location: draft.location };
  if (draft.start !== undefined) body.scheduled_start_time = draft.start;
  if (draft.end !== undefined) body.scheduled_end_time = draft.end;
  if (draft.repeat !== undefined) body.recurrence_rule = draft.repeat;
  if (draft.cover !== undefined) body.image = draft.cover;
  return body;
}
