import { channelView } from "@chat/api/views";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";

/**
 * Which commands the person may use follows bots, roles and channels; commands themselves
 * change without any event (spec), so the picker also asks again when it opens.
 */
export function registerCommandsLive(live: LiveRegistry, { trpc, patcher, meId }: LiveDeps): void {
  const commandsChanged = () => patcher.reload(trpc.commands.forChannel.pathKey());

  // An NSFW switch or new overwrites change which commands show there.
  live.on(GatewayDispatchEvents.ChannelUpdate, ({ d }) => {
    if (channelView(d).guildId) commandsChanged();
  });
  // A bot joining brings its commands; one leaving takes them.
  live.on(GatewayDispatchEvents.GuildMemberAdd, ({ d }) => {
    if (d.user?.bot === true) commandsChanged();
  });
  live.on(GatewayDispatchEvents.GuildMemberRemove, ({ d }) => {
    if (d.user.bot) commandsChanged();
  });
  live.on(GatewayDispatchEvents.GuildMemberUpdate, ({ d }) => {
    if (d.user.id === meId) commandsChanged();
  });
  live.on(
    [
      GatewayDispatchEvents.GuildRoleCreate,
      GatewayDispatchEvents.GuildRoleUpdate,
      GatewayDispatchEvents.GuildRoleDelete,
    ],
    () => commandsChanged(),
  );
}
