import type { APIChannel, APIOverwrite } from "discord-api-types/v10";
import type { PublicUrls } from "../config";
import { serializeUser, type UserRow } from "./user";

export interface ChannelRow {
  id: bigint;
  type: number;
  guildId: bigint | null;
  name: string | null;
  topic: string | null;
  nsfw: boolean;
  position: number;
  parentId: bigint | null;
  lastMessageId: bigint | null;
  bitrate: number | null;
  userLimit: number | null;
  ownerId: bigint | null;
  archived: boolean;
  archivedAt: Date | null;
  locked: boolean;
  autoArchiveDuration: number | null;
  messageCount: number;
  createdAt: Date;
  overwrites?: { targetId: bigint; type: number; allow: bigint; deny: bigint }[];
  recipients?: { user: UserRow }[];
  _count?: { threadMembers?: number };
}

export function serializeOverwrite(o: { targetId: bigint; type: number; allow: bigint; deny: bigint }): APIOverwrite {
  return { id: o.targetId.toString(), type: o.type, allow: o.allow.toString(), deny: o.deny.toString() };
}

/** A channel of any kind: text 0, DM 1, voice 2, category 4, public thread 11. */
export function serializeChannel(channel: ChannelRow, urls: PublicUrls, forUserId?: bigint): APIChannel {
  const id = channel.id.toString();
  if (channel.type === 1) {
    const recipients = (channel.recipients ?? [])
      .filter((r) => r.user.id !== forUserId)
      .map((r) => serializeUser(r.user, urls));
    return {
      id,
      type: 1,
      flags: 0,
      last_message_id: channel.lastMessageId?.toString() ?? null,
      recipients,
    } as unknown as APIChannel;
  }
  const guildFields = {
    id,
    type: channel.type,
    guild_id: channel.guildId?.toString(),
    name: channel.name ?? "",
    position: channel.position,
    flags: 0,
    parent_id: channel.parentId?.toString() ?? null,
    nsfw: channel.nsfw,
  };
  if (channel.type === 11 || channel.type === 10 || channel.type === 12) {
    return {
      ...guildFields,
      last_message_id: channel.lastMessageId?.toString() ?? null,
      owner_id: channel.ownerId?.toString(),
      rate_limit_per_user: 0,
      message_count: channel.messageCount,
      member_count: channel._count?.threadMembers ?? 0,
      total_message_sent: channel.messageCount,
      thread_metadata: {
        archived: channel.archived,
        archive_timestamp: (channel.archivedAt ?? channel.createdAt).toISOString(),
        auto_archive_duration: channel.autoArchiveDuration ?? 10080,
        locked: channel.locked,
        create_timestamp: channel.createdAt.toISOString(),
      },
    } as APIChannel;
  }
  const overwrites = { permission_overwrites: (channel.overwrites ?? []).map(serializeOverwrite) };
  if (channel.type === 4) return { ...guildFields, ...overwrites } as APIChannel;
  if (channel.type === 2) {
    return {
      ...guildFields,
      ...overwrites,
      bitrate: channel.bitrate ?? 64000,
      user_limit: channel.userLimit ?? 0,
      rtc_region: null,
      last_message_id: channel.lastMessageId?.toString() ?? null,
      rate_limit_per_user: 0,
    } as APIChannel;
  }
  return {
    ...guildFields,
    ...overwrites,
    topic: channel.topic,
    last_message_id: channel.lastMessageId?.toString() ?? null,
    rate_limit_per_user: 0,
  } as APIChannel;
}
