import type { ReadStateView } from "@chat/api";
import { channelView } from "@chat/api/views";
import { READ_STATE_UPDATE } from "@chat/events/catalogue";
import { GatewayDispatchEvents, type GatewayMessageCreateDispatchData } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";
import { withNewMessage } from "./read-state-math";

/** Unread marks and mention counts follow new messages, what the person read elsewhere, and channels or guilds coming and going. */
export function registerReadStatesLive(live: LiveRegistry, { queryClient, trpc, patcher, meId }: LiveDeps): void {
  const key = trpc.readStates.list.queryKey();
  const patchReadState = (channelId: string, patch: (state: ReadStateView) => ReadStateView) =>
    patcher.patch<ReadStateView[]>(key, (states) => states.map((s) => (s.channelId === channelId ? patch(s) : s)));

  /**
   * A new message makes its channel unread, and counts as a mention of the person when it names
   * them or everyone, or is in a DM (the server's rule; one naming a role is recounted there,
   * since only the server knows the person's roles). The person's own message is read: the
   * server says so (READ_STATE_UPDATE).
   */
  const countUnread = (message: GatewayMessageCreateDispatchData) => {
    if (message.author.id === meId) return;
    if (!queryClient.getQueryData(key)?.some((s) => s.channelId === message.channel_id)) {
      patcher.reload(key);
      return;
    }
    const mentioned =
      !message.guild_id || message.mention_everyone || message.mentions.some((user) => user.id === meId);
    patchReadState(message.channel_id, (state) => withNewMessage(state, message.id, mentioned));
    if (!mentioned && message.mention_roles.length > 0) patcher.reload(key);
  };

  live.on(GatewayDispatchEvents.MessageCreate, ({ d }) => countUnread(d));
  live.on(READ_STATE_UPDATE, ({ d: { channel_id, last_read_id, mention_count } }) => {
    patchReadState(channel_id, (state) => ({ ...state, lastReadId: last_read_id, mentionCount: mention_count }));
  });
  // A channel that came into view has read states the list does not hold yet.
  live.on(GatewayDispatchEvents.ChannelCreate, ({ d }) => {
    if (channelView(d).guildId) patcher.reload(key);
  });
  live.on(GatewayDispatchEvents.ChannelDelete, ({ d }) => {
    if (channelView(d).guildId)
      patcher.patch<ReadStateView[]>(key, (states) => states.filter((s) => s.channelId !== d.id));
  });
  live.on(GatewayDispatchEvents.GuildCreate, () => patcher.reload(key));
  live.on(GatewayDispatchEvents.GuildDelete, ({ d: { id: guildId } }) => {
    patcher.patch<ReadStateView[]>(key, (states) => states.filter((s) => s.guildId !== guildId));
  });
}
