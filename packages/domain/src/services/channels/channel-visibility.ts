import { GatewayDispatchEvents } from "discord-api-types/v10";
import { viewersOfChannels } from "../../audience";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { isThreadType } from "../../permissions";
import { serializeChannel } from "../../serializers";
import { channelInclude } from "../shared/selects";
import { enforceVoicePermissions } from "../voice/voice-enforcement";

/** Which members (all, or `onlyUserIds`) view which of the guild's channels other than threads, with the channels' rows. */
function loadVisibility(ctx: DomainContext, guildId: bigint, onlyUserIds?: bigint[]) {
  const listed = ctx.db.channel
    .findMany({ where: { guildId }, include: channelInclude })
    .then((channels) => channels.filter((c) => !isThreadType(c.type)));
  return viewersOfChannels(ctx.db, guildId, listed, onlyUserIds);
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
  const before = await loadVisibility(ctx, guildId, onlyUserIds);
  return {
    async emitChanges(): Promise<void> {
      const after = await loadVisibility(ctx, guildId, onlyUserIds);
      const changes = after.channels.flatMap((channel) => {
        const key = channel.id.toString();
        const now = after.viewers.get(key) ?? new Set<string>();
        const then = before.viewers.get(key) ?? new Set<string>();
        const gained = after.memberIds.filter((userId) => now.has(userId) && !then.has(userId));
        const lost = after.memberIds.filter((userId) => then.has(userId) && !now.has(userId));
        return gained.length + lost.length > 0 ? [{ d: serializeChannel(channel, ctx.urls), gained, lost }] : [];
      });
      const guild = guildId.toString();
      for (const { d, gained } of changes)
        if (gained.length > 0)
          await emit(ctx, { t: GatewayDispatchEvents.ChannelCreate, d, guildId: guild, userIds: gained });
      for (const { d, lost } of changes)
        if (lost.length > 0)
          await emit(ctx, { t: GatewayDispatchEvents.ChannelDelete, d, guildId: guild, userIds: lost });
      // The same change may give or take Connect, Speak or Listen to someone in voice.
      await enforceVoicePermissions(ctx, { guildId, ...(onlyUserIds ? { userIds: onlyUserIds } : {}) });
    },
  };
}
