import { applyVoiceState, channelView, type VoiceStateView, voiceStateView } from "@chat/api/views";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";

/** Who is in each voice channel of a guild. */
export function registerVoiceLive(live: LiveRegistry, { queryClient, trpc, patcher }: LiveDeps): void {
  const states = (guildId: string) => trpc.voice.states.queryKey({ guildId });

  live.on(GatewayDispatchEvents.VoiceStateUpdate, ({ d }) => {
    // Someone joined, moved, muted, deafened or (channel_id null) left a voice channel.
    const state = voiceStateView(d);
    if (!state.guildId) return;
    patcher.patch<VoiceStateView[]>(states(state.guildId), (list) => applyVoiceState(list, state));
  });
  // A voice channel that came into view may have people in it already.
  live.on(GatewayDispatchEvents.ChannelCreate, ({ d }) => {
    const channel = channelView(d);
    if (channel.guildId && channel.kind === "voice") patcher.reload(states(channel.guildId));
  });
  live.on(GatewayDispatchEvents.ChannelDelete, ({ d }) => {
    const channel = channelView(d);
    if (channel.guildId)
      patcher.patch<VoiceStateView[]>(states(channel.guildId), (list) =>
        list.filter((s) => s.channelId !== channel.id),
      );
  });
  live.on(GatewayDispatchEvents.GuildDelete, ({ d: { id: guildId } }) =>
    queryClient.removeQueries({ queryKey: states(guildId) }),
  );
}
