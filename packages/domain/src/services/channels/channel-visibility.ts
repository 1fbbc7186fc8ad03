import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { computeChannelPermissions, guildSnapshotFromRows, isThreadType, type MemberSnapshot } from "../../permissions";
import { serializeChannel } from "../../serializers";
import { channelInclude } from "../shared/selects";

/** Which members of a guild see which of its (non-thread) channels. */
type VisibilityMap = Map<string, Set<string>>;

async function loadVisibility(ctx: DomainContext, guildId: bigint, onlyUserIds?: bigint[]) {
  const guild = await ctx.db.guild.findUnique({
    where: { id: guildId },
    select: { id: true, ownerId: true, roles: { select: { id: true, position: true, permissions: true } } },
  });
  if (!guild) return { map: new Map() as VisibilityMap, channels: [] };
  const [members, channels] = await Promise.all([
    ctx.db.member.findMany({
      where: { guildId, ...(onlyUserIds ? { userId: { in: onlyUserIds } } : {}) },
      select: { userId: true, user: { select: { bot: true } }, roles: { select: { roleId: true } } },
    }),
    ctx.db.channel.findMany({ where: { guildId }, include: channelInclude }),
  ]);
  const snapshot = guildSnapshotFromRows(guild);
  const map: VisibilityMap = new Map();
  for (const m of members) {
    const member: MemberSnapshot = { userId: m.userId, isBot: m.user.bot, roleIds: m.roles.map((r) => r.roleId) };
    const seen = new Set<string>();
    for (const c of channels) {
      if (isThreadType(c.type)) continue;
      if (computeChannelPermissions(snapshot, member, { id: c.id, overwrites: c.overwrites }) !== 0n) seen.add(c.id.toString());
    }
    map.set(m.userId.toString(), seen);
  }
  return { map, channels };
}

/**
 * Spec (Events): "A channel becoming visible or hidden to the bot through a permission change
 * arrives as CHANNEL_CREATE or CHANNEL_DELETE." Take a snapshot before a change that can move
 * permissions (overwrites, role bits or positions, a member's roles), make the change, then
 * call `emitChanges()`: each member who gained a channel gets CHANNEL_CREATE, each who lost
 * one CHANNEL_DELETE, addressed to them alone (no channel scope: the loser can no longer see it).
 */
export async function captureChannelVisibility(ctx: DomainContext, guildId: bigint, onlyUserIds?: bigint[]) {
  const before = (await loadVisibility(ctx, guildId, onlyUserIds)).map;
  return {
    async emitChanges(): Promise<void> {
      const after = await loadVisibility(ctx, guildId, onlyUserIds);
      const gained = new Map<string, string[]>();
      const lost = new Map<string, string[]>();
      for (const [userId, now] of after.map) {
        const then = before.get(userId) ?? new Set<string>();
        for (const id of now) if (!then.has(id)) gained.set(id, [...(gained.get(id) ?? []), userId]);
        for (const id of then) if (!now.has(id)) lost.set(id, [...(lost.get(id) ?? []), userId]);
      }
      const byId = new Map(after.channels.map((c) => [c.id.toString(), c]));
      for (const [channelId, userIds] of gained) {
        const channel = byId.get(channelId);
        if (channel) await emit(ctx, { t: GatewayDispatchEvents.ChannelCreate, d: serializeChannel(channel, ctx.urls), guildId: guildId.toString(), userIds });
      }
      for (const [channelId, userIds] of lost) {
        const channel = byId.get(channelId);
        if (channel) await emit(ctx, { t: GatewayDispatchEvents.ChannelDelete, d: serializeChannel(channel, ctx.urls), guildId: guildId.toString(), userIds });
      }
    },
  };
}

/**
 * The members who can see a channel now: the audience of its CHANNEL_DELETE (or THREAD_DELETE),
 * computed before the row goes since the gateway cannot judge a channel that no longer exists.
 */
export async function channelViewerIds(ctx: DomainContext, guildId: bigint, channelId: bigint): Promise<string[]> {
  const channel = await ctx.db.channel.findUnique({ where: { id: channelId }, select: { type: true, parentId: true } });
  const governing = channel && isThreadType(channel.type) && channel.parentId ? channel.parentId : channelId;
  const { map } = await loadVisibility(ctx, guildId);
  return [...map].filter(([, seen]) => seen.has(governing.toString())).map(([userId]) => userId);
}
