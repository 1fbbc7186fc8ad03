import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { LiveDeps } from "@/components/live/live-deps";
import type { LiveRegistry } from "@/components/live/live-registry";
import type { MessagePage } from "../messages/message-page";
import { CHANNEL_PINNED_MESSAGE } from "../messages/message-types";

/** A channel's pins list, and the pinned mark of the messages shown. */
export function registerPinsLive(live: LiveRegistry, { trpc, patcher }: LiveDeps): void {
  const messages = (channelId: string) => trpc.messages.list.queryKey({ channelId });

  live.on(GatewayDispatchEvents.ChannelPinsUpdate, ({ d }) => {
    patcher.reload(trpc.social.pins.queryKey({ channelId: d.channel_id }));
    // Nothing pinned any more: no message offers Unpin. (Which one was unpinned otherwise, the event does not say.)
    if (d.last_pin_timestamp === null) {
      patcher.patch<MessagePage>(messages(d.channel_id), (page) => ({
        ...page,
        messages: page.messages.map((m) => (m.pinned ? { ...m, pinned: false } : m)),
      }));
    }
  });
  // "X pinned a message": the pinned one offers Unpin.
  live.on(GatewayDispatchEvents.MessageCreate, ({ d }) => {
    const pinnedId = d.type === CHANNEL_PINNED_MESSAGE ? d.message_reference?.message_id : undefined;
    if (pinnedId)
      patcher.patch<MessagePage>(messages(d.channel_id), (page) => ({
        ...page,
        messages: page.messages.map((m) => (m.id === pinnedId ? { ...m, pinned: true } : m)),
      }));
  });
}
