import type { APIGuild } from "discord-api-types/v10";
import { type RoleRow, serializeRole } from "./role";

export interface GuildRow {
  id: bigint;
  name: string;
  iconHash: string | null;
  description: string | null;
  ownerId: bigint;
  vanityCode: string | null;
  systemChannelId: bigint | null;
}

export interface EmojiRow {
  id: bigint;
  name: string;
  animated: boolean;
}

export function serializeEmoji(emoji: EmojiRow) {
  return {
    id: emoji.id.toString(),
    name: emoji.name,
    animated: emoji.animated,
    roles: [],
    require_colons: true,
    managed: false,
    available: true,
  };
}

/** The guild object; roles carry `tags.bot_id` for bots' managed roles. */
export function serializeGuild(
  guild: GuildRow,
  roles: (RoleRow & { botApplication?: { botUserId: bigint } | null })[],
  emojis: EmojiRow[],
): APIGuild & Record<string, unknown> {
  return {
    id: guild.id.toString(),
    name: guild.name,
    icon: guild.iconHash,
    description: guild.description,
    home_header: null,
    splash: null,
    discovery_splash: null,
    features: [],
    banner: null,
    owner_id: guild.ownerId.toString(),
    application_id: null,
    region: "local",
    afk_channel_id: null,
    afk_timeout: 300,
    system_channel_id: guild.systemChannelId?.toString() ?? null,
    system_channel_flags: 0,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 0,
    roles: roles.map((r) => serializeRole(r, r.botApplication?.botUserId)),
    default_message_notifications: 0,
    mfa_level: 0,
    explicit_content_filter: 0,
    max_presences: null,
    max_members: 500000,
    max_stage_video_channel_users: 0,
    max_video_channel_users: 25,
    vanity_url_code: guild.vanityCode,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: "en-US",
    rules_channel_id: null,
    safety_alerts_channel_id: null,
    public_updates_channel_id: null,
    premium_progress_bar_enabled: false,
    nsfw: false,
    nsfw_level: 0,
    emojis: emojis.map(serializeEmoji),
    stickers: [],
    incidents_data: null,
    hub_type: null,
    latest_onboarding_question_id: null,
  } as unknown as APIGuild & Record<string, unknown>;
}
