import type { DomainContext } from "../../context";
import {
  computeChannelPermissions,
  type GuildSnapshot,
  has,
  loadGuildSnapshot,
  loadMemberSnapshots,
  type MemberSnapshot,
  Permission,
} from "../../permissions";

/** What a member may do in one voice channel: be there at all (View Channel and Connect), speak, listen. */
export interface VoiceStanding {
  view: boolean;
  connect: boolean;
  speak: boolean;
  listen: boolean;
}

export const NO_STANDING: VoiceStanding = { view: false, connect: false, speak: false, listen: false };

export function voiceStanding(permissions: bigint): VoiceStanding {
  const view = has(permissions, Permission.ViewChannel);
  const connect = view && has(permissions, Permission.Connect);
  return {
    view,
    connect,
    speak: connect && has(permissions, Permission.Speak),
    listen: connect && has(permissions, Permission.Listen),
  };
}

/**
 * Standings of several members in voice channels of one guild, in one batch of queries:
 * `pairs` of (user, channel); a member who left, a suspended account or a channel that is gone stands nowhere.
 */
export async function loadVoiceStandings(
  ctx: DomainContext,
  guildId: bigint,
  pairs: readonly { userId: bigint; channelId: bigint }[],
): Promise<Map<string, VoiceStanding>> {
  const standings = new Map<string, VoiceStanding>();
  if (pairs.length === 0) return standings;
  const channelIds = [...new Set(pairs.map((p) => p.channelId))];
  const [guild, members, channels, suspended] = await Promise.all([
    loadGuildSnapshot(ctx.db, guildId),
    loadMemberSnapshots(
      ctx.db,
      guildId,
      pairs.map((p) => p.userId),
    ),
    ctx.db.channel.findMany({
      where: { id: { in: channelIds }, guildId, type: 2 },
      select: { id: true, overwrites: { select: { targetId: true, type: true, allow: true, deny: true } } },
    }),
    ctx.db.user.findMany({
      where: { id: { in: pairs.map((p) => p.userId) }, suspendedAt: { not: null } },
      select: { id: true },
    }),
  ]);
  const out = new Set(suspended.map((u) => u.id));
  const memberById = new Map(members.map((m) => [m.userId, m]));
  const channelById = new Map(channels.map((c) => [c.id, c]));
  for (const { userId, channelId } of pairs) {
    const member = memberById.get(userId);
    const channel = channelById.get(channelId);
    standings.set(
      standingKey(userId, channelId),
      guild && member && channel && !out.has(userId) ? standingIn(guild, member, channel) : NO_STANDING,
    );
  }
  return standings;
}

export function standingIn(
  guild: GuildSnapshot,
  member: MemberSnapshot,
  channel: { id: bigint; overwrites: { targetId: bigint; type: number; allow: bigint; deny: bigint }[] },
): VoiceStanding {
  return voiceStanding(computeChannelPermissions(guild, member, channel));
}

export function standingKey(userId: bigint, channelId: bigint): string {
  return `${userId}:${channelId}`;
}
