import type { PublicUrls } from "../config";
import { serializeUser, type UserRow } from "./user";

export interface InviteRow {
  code: string;
  guildId: bigint;
  channelId: bigint;
  maxAge: number;
  maxUses: number;
  uses: number;
  temporary: boolean;
  expiresAt: Date | null;
  createdAt: Date;
  guild: { id: bigint; name: string; iconHash: string | null; description: string | null; vanityCode: string | null };
  channel: { id: bigint; name: string | null; type: number };
  inviter: UserRow | null;
}

/** The invite's link (spec: Invite link). Invites point to the guild; the channel is only echoed (rule 6). */
export function inviteUrl(urls: PublicUrls, code: string): string {
  return `${urls.appUrl}/invite/${code}`;
}

/** The invite object (type 0, a guild invite) with its metadata. */
export function serializeInvite(invite: InviteRow, urls: PublicUrls, counts?: { members: number; presences: number }) {
  return {
    type: 0 as const,
    code: invite.code,
    guild_id: invite.guildId.toString(),
    guild: {
      id: invite.guild.id.toString(),
      name: invite.guild.name,
      splash: null,
      banner: null,
      description: invite.guild.description,
      icon: invite.guild.iconHash,
      features: [],
      verification_level: 0,
      vanity_url_code: invite.guild.vanityCode,
      nsfw_level: 0,
      nsfw: false,
      premium_subscription_count: 0,
    },
    channel: { id: invite.channel.id.toString(), name: invite.channel.name, type: invite.channel.type },
    ...(invite.inviter ? { inviter: serializeUser(invite.inviter, urls) } : {}),
    uses: invite.uses,
    max_uses: invite.maxUses,
    max_age: invite.maxAge,
    temporary: invite.temporary,
    created_at: invite.createdAt.toISOString(),
    expires_at: invite.expiresAt?.toISOString() ?? null,
    flags: 0,
    ...(counts ? { approximate_member_count: counts.members, approximate_presence_count: counts.presences } : {}),
  };
}
