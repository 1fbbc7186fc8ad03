import { type ChannelView, channelView } from "@chat/api/views";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";
import { compareIds } from "../messages/message-merge";

/** Channels in display order: by position, then by id. */
function sortChannels(channels: ChannelView[]): ChannelView[] {
  return channels.sort((a, b) => a.position - b.position || compareIds(a.id, b.id));
}

/** A guild's channel list (and its Channels settings) follows channels made, changed or gone from view. */
export function registerChannelsLive(live: LiveRegistry, { queryClient, trpc, patcher, notice }: LiveDeps): void {
  const list = (guildId: string) => trpc.guilds.channels.queryKey({ guildId });

  live.on([GatewayDispatchEvents.ChannelCreate, GatewayDispatchEvents.ChannelUpdate], ({ d }) => {
    const channel = channelView(d);
    if (!channel.guildId) return;
    patcher.patch<ChannelView[]>(list(channel.guildId), (channels) =>
      sortChannels([...channels.filter((c) => c.id !== channel.id), channel]),
    );
    // The Channels settings show overwrites and the person's permissions, which the event's view does not hold.
    patcher.reload(trpc.channelSettings.list.queryKey({ guildId: channel.guildId }));
  });
  live.on(GatewayDispatchEvents.ChannelDelete, ({ d }) => {
    const channel = channelView(d);
    if (!channel.guildId) return;
    const guildId = channel.guildId;
    patcher.patch<ChannelView[]>(list(guildId), (channels) => channels.filter((c) => c.id !== channel.id));
    patcher.reload(trpc.channelSettings.list.queryKey({ guildId }));
    notice({ kind: "channel-gone", guildId, channelId: channel.id, name: channel.name });
  });
  live.on(GatewayDispatchEvents.GuildDelete, ({ d: { id: guildId } }) =>
    queryClient.removeQueries({ queryKey: list(guildId) }),
  );
}
