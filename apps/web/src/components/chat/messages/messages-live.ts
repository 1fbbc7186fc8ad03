import { channelView, messageView, type UserView, userView } from "@chat/api/views";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";
import { mergeMessages, removeMessage, replaceMessage } from "./message-merge";
import type { MessagePage } from "./message-page";

/** Channels' histories follow new, edited and deleted messages, authors' new names, and channels or guilds gone. */
export function registerMessagesLive(live: LiveRegistry, { queryClient, trpc, patcher }: LiveDeps): void {
  const history = (channelId: string) => trpc.messages.list.queryKey({ channelId });

  live.on(GatewayDispatchEvents.MessageCreate, ({ d }) => {
    const message = messageView(d);
    patcher.patch<MessagePage>(history(message.channelId), (page) => ({
      ...page,
      messages: mergeMessages(page.messages, [message]),
    }));
  });
  live.on(GatewayDispatchEvents.MessageUpdate, ({ d }) => {
    const message = messageView(d);
    patcher.patch<MessagePage>(history(message.channelId), (page) => ({
      ...page,
      messages: replaceMessage(page.messages, message),
    }));
  });
  live.on(GatewayDispatchEvents.MessageDelete, ({ d: { id, channel_id } }) => {
    patcher.patch<MessagePage>(history(channel_id), (page) => ({
      ...page,
      messages: removeMessage(page.messages, id),
    }));
  });

  /** A new display name or picture: the messages already shown follow. */
  const authorChanged = (user: UserView) => {
    const fresh = { displayName: user.displayName, avatar: user.avatar ?? null };
    queryClient.setQueriesData<MessagePage>({ queryKey: trpc.messages.list.pathKey() }, (page) =>
      page?.messages.some((m) => m.author.id === user.id)
        ? {
            ...page,
            messages: page.messages.map((m) =>
              m.author.id === user.id ? { ...m, author: { ...m.author, ...fresh } } : m,
            ),
          }
        : page,
    );
  };
  live.on(GatewayDispatchEvents.GuildMemberUpdate, ({ d }) => authorChanged(userView(d.user)));
  live.on(GatewayDispatchEvents.UserUpdate, ({ d }) => authorChanged(userView(d)));

  live.on(GatewayDispatchEvents.ChannelDelete, ({ d }) => {
    if (channelView(d).guildId) queryClient.removeQueries({ queryKey: history(d.id) });
  });
  // Read before the channels' writer drops the guild's channel list.
  live.on(GatewayDispatchEvents.GuildDelete, ({ d: { id: guildId } }) => {
    const channels = queryClient.getQueryData(trpc.guilds.channels.queryKey({ guildId })) ?? [];
    for (const channel of channels) queryClient.removeQueries({ queryKey: history(channel.id) });
  });
}
