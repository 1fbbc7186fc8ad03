import type { APIGuildScheduledEvent } from "discord-api-types/v10";
import type { PublicUrls } from "../config";
import { type Recurrence, recurrenceWire } from "../services/scheduled-events/recurrence";
import { serializeUser, type UserRow } from "./user";

export interface ScheduledEventRow {
  id: bigint;
  guildId: bigint;
  channelId: bigint | null;
  creatorId: bigint;
  name: string;
  description: string | null;
  scheduledStartTime: Date;
  scheduledEndTime: Date | null;
  privacyLevel: number;
  status: number;
  entityType: number;
  location: string | null;
  imageHash: string | null;
  recurrenceRule: unknown;
}

/**
 * The scheduled-event object. `image` is the cover's hash (served at
 * {cdn}/guild-events/{event}/{hash}.png); the recurrence rule's start is the event's start.
 */
export function serializeScheduledEvent(
  row: ScheduledEventRow,
  creator: UserRow | null,
  urls: PublicUrls,
  extras: { userCount?: number } = {},
) {
  const rule = row.recurrenceRule ? recurrenceWire(row.recurrenceRule as Recurrence, row.scheduledStartTime) : null;
  return {
    id: row.id.toString(),
    guild_id: row.guildId.toString(),
    channel_id: row.entityType === 3 ? null : (row.channelId?.toString() ?? null),
    creator_id: row.creatorId.toString(),
    ...(creator ? { creator: serializeUser(creator, urls) } : {}),
    name: row.name,
    description: row.description,
    image: row.imageHash,
    scheduled_start_time: row.scheduledStartTime.toISOString(),
    scheduled_end_time: row.scheduledEndTime?.toISOString() ?? null,
    privacy_level: row.privacyLevel,
    status: row.status,
    entity_type: row.entityType,
    entity_id: null,
    entity_metadata: row.entityType === 3 ? { location: row.location ?? "" } : null,
    recurrence_rule: rule,
    guild_scheduled_event_exceptions: [],
    ...(extras.userCount !== undefined ? { user_count: extras.userCount } : {}),
  } as APIGuildScheduledEvent & { guild_scheduled_event_exceptions: [] };
}
