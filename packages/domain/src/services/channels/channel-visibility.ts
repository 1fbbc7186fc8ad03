import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { canViewChannel, isThreadType, loadGuildSnapshot, loadMemberSnapshots } from "../../permissions";
import { serializeChannel } from "../../serializers";
import { channelInclude } from "../shared/selects";
import { enforceVoicePermissions } from "../voice/voice-enforcement";

/** Which members of a guild see which of its (non-thread) channels. */
type VisibilityMap = Map<string, Set<string>>;

/** One batch of queries: the guild, the members (all, or `onlyUserIds`) and the channels; the engine decides. */
async function loadVisibility(ctx: DomainContext, guildId: bigint, onlyUserIds?: bigint[]) {
  const [guild, members, channels] = await Promise.all([
    loadGuildSnapshot(ctx.db, guildId),
    loadMemberSnapshots(ctx.db, guildId, onlyUserIds),
    ctx.db.channel.findMany({ where: { guildId }, include: channelInclude }),
  ]);
  if (!guild) return { map: new Map() as VisibilityMap, channels: [] };
  const listed = channels.filter((c) => !isThreadType(c.type));
  const map: VisibilityMap = new Map();
  for (const member of members) {
    map.set(member.userId.toString(), new Set(listed.filter((c) => canViewChannel(guild, member, c)).map((c) => c.id.toString())));
  }
  return { map, channels };
}

/**
 * Spec (Events): "A channel becoming visible or hidden to the bot through a permission change
 * arrives as CHANNEL_CREATE or CHANNEL_DELETE." Take a snapshot before a change that can move
 * permissions (overwrites, role bits or positions, a member's roles), make the change, then
 * call `emitChanges()`: each member who gained a channel gets CHANNEL_CREATE, each who lost
 * one CHANNEL_DELETE, addressed to them alone (no channel scope: the loser can no longer see it).
 * This is the one "permissions changed" hook: members in voice get their voice permissions again.
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
      // The same change may give or take Connect, Speak or Listen to someone in voice.
      await enforceVoicePermissions(ctx, { guildId, ...(onlyUserIds ? { userIds: onlyUserIds } : {}) });
    },
  };
}
